/// An option of one command: its spec (for parsing and every document made from it) and what
/// it does to the command's invocation, the value the command runs from.
struct Option<Invocation> {
    let spec: OptionSpec
    let apply: (inout Invocation, OptionValue) throws -> Void

    /// A switch (`--strict`).
    static func flag(_ name: String, aliases: [String] = [], _ help: String,
                     apply: @escaping (inout Invocation) throws -> Void) -> Option {
        Option(spec: OptionSpec(name: name, aliases: aliases, value: .none, defaultText: nil, help: help,
                                key: nil, repeatable: false),
               apply: { invocation, _ in try apply(&invocation) })
    }

    /// An option with a value (`--format json`); `repeatable` when every occurrence counts.
    static func value(_ name: String, _ kind: ValueKind, aliases: [String] = [], default defaultText: String? = nil,
                      repeatable: Bool = false, _ help: String,
                      apply: @escaping (inout Invocation, OptionValue) throws -> Void) -> Option {
        Option(spec: OptionSpec(name: name, aliases: aliases, value: kind, defaultText: defaultText, help: help,
                                key: nil, repeatable: repeatable),
               apply: apply)
    }
}

/// The arguments of one command, after its table has applied every option given.
struct ParsedCommand<Invocation> {
    var invocation: Invocation
    var positionals: [String]
}

extension Array {
    /// Scans `args` by this option table and applies each option in the order given (so the
    /// last of a non-repeatable option wins). nil when `--help` was asked for.
    func parse<Invocation>(_ args: [String], into start: Invocation) throws -> ParsedCommand<Invocation>?
    where Element == Option<Invocation> {
        let scanned = try ArgumentScanner.scan(args, options: map(\.spec) + [OptionSpec.help])
        guard !scanned.helpRequested else { return nil }
        var invocation = start
        let byName = Dictionary(map { ($0.spec.name, $0) }, uniquingKeysWith: { first, _ in first })
        for occurrence in scanned.occurrences {
            guard let option = byName[occurrence.spec.name] else { continue }
            try option.apply(&invocation, OptionValue(option: occurrence.spelled, text: occurrence.value ?? ""))
        }
        return ParsedCommand(invocation: invocation, positionals: scanned.positionals)
    }
}
