/// Why a `SpanClassifier` configuration was rejected.
public enum SpanClassifierError: Error, Equatable, CustomStringConvertible {
    /// The recap pattern does not compile as an `NSRegularExpression`.
    case invalidRecapPattern(pattern: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidRecapPattern(pattern, reason):
            return "span classifier: recap pattern \"\(pattern)\" is not a valid regular expression (\(reason)); "
                + "fix the pattern, e.g. \"recap|previously\""
        }
    }
}
