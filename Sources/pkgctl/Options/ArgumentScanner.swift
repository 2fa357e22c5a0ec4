/// Splits a subcommand's arguments by its option table: positionals, and each option given, in
/// the order given, with its value. `--key value`, `--key=value`, `-k value`; `--` ends the
/// options. `-h`/`--help` anywhere before `--` wins over everything else (even a bad option), so
/// help is always reachable. Choice values are checked here, against the table.
struct ScannedArguments {
    struct Occurrence {
        let spec: OptionSpec
        /// How the user spelled it (`-o` or `--output`): messages name what was typed.
        let spelled: String
        /// nil for a switch.
        let value: String?
    }

    var occurrences: [Occurrence] = []
    var positionals: [String] = []
    var helpRequested = false
}

enum ArgumentScanner {
    static func scan(_ args: [String], options: [OptionSpec]) throws -> ScannedArguments {
        let table = spellingTable(options)
        var scanned = ScannedArguments()
        if args.prefix(while: { $0 != "--" }).contains(where: { OptionSpec.help.spellings.contains($0) }) {
            scanned.helpRequested = true
            return scanned
        }
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" {
                scanned.positionals += args[i...]
                break
            }
            guard looksLikeOption(arg) else {
                scanned.positionals.append(arg)
                continue
            }
            var spelled = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "=") {
                spelled = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let spec = table[spelled] else {
                let long = table.keys.filter { $0.hasPrefix("--") }
                throw UsageError.unknownOption(spelled, suggestion: spelled.hasPrefix("--") ? NearestName.suggest(spelled, among: long) : nil)
            }
            let value: String?
            switch spec.value {
            case .none:
                if let inline { throw UsageError.unexpectedValue(option: spelled, value: inline) }
                value = nil
            case .optionalChoice(let words):
                value = inline ?? words.first
            default:
                if let inline {
                    value = inline
                } else {
                    guard i < args.count else { throw UsageError.missingValue(spelled) }
                    value = args[i]
                    i += 1
                }
            }
            if let value, !spec.value.choices.isEmpty, !spec.value.choices.contains(value) {
                throw UsageError.badValue(option: spelled, value: value,
                                          expected: "one of " + spec.value.choices.joined(separator: ", "))
            }
            scanned.occurrences.append(.init(spec: spec, spelled: spelled, value: value))
        }
        return scanned
    }

    /// `--anything`, or a two-character `-x`; `-` alone (stdin) and longer single-dash words
    /// (`-12`) are positionals.
    private static func looksLikeOption(_ arg: String) -> Bool {
        arg.hasPrefix("--") || (arg.hasPrefix("-") && arg.count == 2 && arg != "-")
    }

    private static func spellingTable(_ options: [OptionSpec]) -> [String: OptionSpec] {
        var table: [String: OptionSpec] = [:]
        for spec in options {
            for spelling in spec.spellings { table[spelling] = spec }
        }
        return table
    }
}
