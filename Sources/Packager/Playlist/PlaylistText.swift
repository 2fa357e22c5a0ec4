/// Checks of the strings a playlist writes verbatim. Rendering stays non-throwing and
/// byte-exact; callers check the values they got from outside (file names, languages, codec
/// strings) once, before the first render.
public enum PlaylistText {
    /// quoted-string: non-empty, no `"`, and no control characters (CR and LF included).
    public static func checkQuoted(_ value: String, tag: String, attribute: String) throws {
        if value.isEmpty {
            throw PlaylistTextError.badQuotedString(tag: tag, attribute: attribute, value: value, reason: "it is empty")
        }
        if value.contains("\"") {
            throw PlaylistTextError.badQuotedString(tag: tag, attribute: attribute, value: value, reason: "it contains a double quote")
        }
        if let control = firstControl(value) {
            throw PlaylistTextError.badQuotedString(tag: tag, attribute: attribute, value: value,
                                                    reason: "it contains control character U+\(hex(control))")
        }
    }

    /// A URI line: non-empty, not starting with `#` (it would read as a tag), no control characters.
    public static func checkURILine(_ uri: String) throws {
        if uri.isEmpty { throw PlaylistTextError.badURILine(uri: uri, reason: "it is empty") }
        if uri.hasPrefix("#") { throw PlaylistTextError.badURILine(uri: uri, reason: "it starts with '#' and would read as a tag") }
        if let control = firstControl(uri) {
            throw PlaylistTextError.badURILine(uri: uri, reason: "it contains control character U+\(hex(control))")
        }
    }

    private static func firstControl(_ text: String) -> UInt32? {
        text.unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }?.value
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
