import Packager

/// An invocation whose options are pipeline configuration keys (vod, live): the flags form a
/// configuration of their own, merged over `--config`'s.
protocol ConfiguringInvocation {
    var configuration: PipelineConfiguration { get set }
}

extension Option where Invocation: ConfiguringInvocation {
    /// An option that sets configuration key `key` and records the flag as its origin, so a value
    /// the mode refuses is reported under the flag the user typed.
    static func setting(_ name: String, _ kind: ValueKind, aliases: [String] = [], key: String,
                        default defaultText: String? = nil, repeatable: Bool = false, _ help: String,
                        set: @escaping (inout PipelineConfiguration, OptionValue) throws -> Void) -> Option {
        Option(spec: OptionSpec(name: name, aliases: aliases, value: kind, defaultText: defaultText, help: help,
                                key: key, repeatable: repeatable),
               apply: { invocation, value in
                   try set(&invocation.configuration, value)
                   invocation.configuration.note(key, from: value.option)
               })
    }

    /// A switch that sets configuration key `key`.
    static func setting(flag name: String, key: String, _ help: String,
                        set: @escaping (inout PipelineConfiguration) -> Void) -> Option {
        setting(name, .none, key: key, help) { configuration, _ in set(&configuration) }
    }

    /// An option whose value decides which of `keys` it sets; `set` returns the one it set.
    static func setting(_ name: String, _ kind: ValueKind, keys: [String], default defaultText: String? = nil,
                        _ help: String,
                        set: @escaping (inout PipelineConfiguration, OptionValue) throws -> String) -> Option {
        Option(spec: OptionSpec(name: name, aliases: [], value: kind, defaultText: defaultText, help: help,
                                key: keys.joined(separator: " or "), repeatable: false),
               apply: { invocation, value in
                   let key = try set(&invocation.configuration, value)
                   invocation.configuration.note(key, from: value.option)
               })
    }
}
