import Foundation

/// A one-line reason for a failed decode that names the JSON path, for error messages.
extension DecodingError {
    var reason: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'" + Self.location(context.codingPath)
        case .typeMismatch(let type, let context):
            return "expected \(type)" + Self.location(context.codingPath)
        case .valueNotFound(let type, let context):
            return "null where \(type) was expected" + Self.location(context.codingPath)
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.localizedDescription
            return "not valid JSON" + Self.location(context.codingPath)
                + (underlying.map { " (\($0))" } ?? "")
        @unknown default:
            return "undecodable"
        }
    }

    private static func location(_ path: [CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        return " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
