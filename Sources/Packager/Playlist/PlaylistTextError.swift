/// A value that cannot be written into a playlist without breaking its grammar (HLS §4.1, §4.2).
public enum PlaylistTextError: Error, CustomStringConvertible, Equatable {
    case badQuotedString(tag: String, attribute: String, value: String, reason: String)
    case badURILine(uri: String, reason: String)

    public var description: String {
        switch self {
        case let .badQuotedString(tag, attribute, value, reason):
            return "\(tag) \(attribute)=\"\(value.debugDescription.dropFirst().dropLast())\" cannot be written: \(reason)"
        case let .badURILine(uri, reason):
            return "URI line \(uri.debugDescription) cannot be written: \(reason)"
        }
    }
}
