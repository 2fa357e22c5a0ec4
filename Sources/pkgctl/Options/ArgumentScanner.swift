/// A small command-line scanner: positional arguments, `--flag`, `--key value` and
/// `--key=value`, repeated keys. Unknown options are usage errors naming the option.
struct Arguments {
    enum Problem: Error, CustomStringConvertible {
        case unknownOption(String)
        case missingValue(String)
        case badValue(option: String, value: String, expected: String)
        case missingPositional(String)
        case unexpected(String)

        var description: String {
            switch self {
            case .unknownOption(let o): return "unknown option '\(o)'"
            case .missingValue(let o): return "option '\(o)' needs a value"
            case .badValue(let o, let v, let e): return "option '\(o)': '\(v)' is not \(e)"
            case .missingPositional(let what): return "missing \(what)"
            case .unexpected(let a): return "unexpected argument '\(a)'"
            }
        }
    }

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: options that take a value (`--format`).
    ///   - switches: options that do not (`--chapters`).
    init(_ args: [String], valued: Set<String>, switches: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" {
                positionals.append(contentsOf: args[(i + 1)...])
                break
            }
            if a.hasPrefix("--") || (a.hasPrefix("-") && a.count == 2 && a != "-") {
                var name = a
                var inline: String?
                if let eq = a.firstIndex(of: "=") {
                    name = String(a[..<eq])
                    inline = String(a[a.index(after: eq)...])
                }
                if valued.contains(name) {
                    if let inline {
                        values[name, default: []].append(inline)
                    } else {
                        guard i + 1 < args.count else { throw Problem.missingValue(name) }
                        values[name, default: []].append(args[i + 1])
                        i += 1
                    }
                } else if switches.contains(name), inline == nil {
                    flags.insert(name)
                } else {
                    throw Problem.unknownOption(name)
                }
            } else {
                positionals.append(a)
            }
            i += 1
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func choice(_ name: String, among options: [String], default d: String) throws -> String {
        guard let v = value(name) else { return d }
        guard options.contains(v) else {
            throw Problem.badValue(option: name, value: v, expected: "one of " + options.joined(separator: ", "))
        }
        return v
    }

    func number(_ name: String) throws -> Double? {
        guard let v = value(name) else { return nil }
        guard let d = Double(v), d.isFinite else { throw Problem.badValue(option: name, value: v, expected: "a number") }
        return d
    }
}
