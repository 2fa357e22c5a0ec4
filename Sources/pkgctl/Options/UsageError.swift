/// A command line pkgctl cannot act on (exit 2). Each message names the option or argument.
enum UsageError: Error, CustomStringConvertible, Equatable {
    case unknownOption(String, suggestion: String?)
    case unknownCommand(String, suggestion: String?)
    case missingValue(String)
    case unexpectedValue(option: String, value: String)
    case badValue(option: String, value: String, expected: String)
    case missingPositional(String)
    case unexpected(String)
    /// A combination the command refuses (`--watch-limit only applies with --watch`).
    case conflict(String)

    var description: String {
        switch self {
        case .unknownOption(let o, let s): return "unknown option '\(o)'" + Self.hint(s)
        case .unknownCommand(let c, let s): return "unknown command '\(c)'" + Self.hint(s)
        case .missingValue(let o): return "option '\(o)' needs a value"
        case .unexpectedValue(let o, let v): return "option '\(o)' takes no value (got '\(v)')"
        case .badValue(let o, let v, let e): return "option '\(o)': '\(v)' is not \(e)"
        case .missingPositional(let what): return "missing \(what)"
        case .unexpected(let a): return "unexpected argument '\(a)'"
        case .conflict(let text): return text
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
