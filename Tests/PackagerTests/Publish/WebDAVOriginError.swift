/// Why the test origin could not be set up; tests fail with this text rather than skip.
struct WebDAVOriginError: Error, CustomStringConvertible {
    let description: String
}
