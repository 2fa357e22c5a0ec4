/// `--map URL_PREFIX=DIR`: absolute http(s) URIs starting with the prefix are read from DIR.
public struct URLMapping: Equatable, Sendable {
    public let prefix: String
    public let directory: String

    public init(prefix: String, directory: String) {
        self.prefix = prefix
        self.directory = directory
    }

    public static func parse(_ text: String) throws -> URLMapping {
        guard let equals = text.firstIndex(of: "=") else { throw ValidateError.badMapping(text) }
        let prefix = String(text[..<equals])
        let directory = String(text[text.index(after: equals)...])
        guard URIKind.isAbsolute(prefix), !directory.isEmpty else { throw ValidateError.badMapping(text) }
        return URLMapping(prefix: prefix, directory: directory)
    }
}
