/// One command-line option as plain data. Parsing, `--help`, the completion scripts and the man
/// page all read this one record, so none of them can say something another does not.
struct OptionSpec {
    /// The long spelling (`--segment-duration`); what messages and the man page call it.
    let name: String
    /// Other spellings (`-o` beside `--output`).
    let aliases: [String]
    let value: ValueKind
    /// What the option is when not given, as help shows it; nil when there is nothing to show.
    let defaultText: String?
    let help: String
    /// The pipeline configuration key the option sets (`segments.duration`), if any.
    let key: String?
    /// Given several times, every value counts (otherwise the last one wins).
    let repeatable: Bool

    /// Every spelling, short ones first (the order help prints them in).
    var spellings: [String] { aliases.sorted { $0.count < $1.count } + [name] }

    /// The spelling with its value placeholder, as a synopsis shows it: `--window N|Ns`,
    /// `--media[=on|off]`.
    func synopsis(_ spelling: String) -> String {
        switch value {
        case .none: return spelling
        case .optionalChoice(let choices): return spelling + "[=" + choices.joined(separator: "|") + "]"
        default: return spelling + " " + (value.placeholder ?? "")
        }
    }

    /// `-h`/`--help`, which every command has and the scanner handles itself.
    static let help = OptionSpec(name: "--help", aliases: ["-h"], value: .none, defaultText: nil,
                                 help: "print this help (usage and options with defaults) and exit 0",
                                 key: nil, repeatable: false)
}

/// What follows an option on the command line, and so how a shell completes it.
enum ValueKind: Equatable {
    /// A switch: nothing follows (`--event`).
    case none
    /// Free text; the placeholder names it (`URL`, `REGEX`).
    case text(String)
    /// A number (`S`, `N`).
    case number(String)
    /// A file name (completed as files).
    case file(String)
    /// A directory name (completed as directories).
    case directory(String)
    /// One of a fixed set of words.
    case choice([String])
    /// A switch that may carry one of the words after `=`; alone it means the first word
    /// (`--media` is `--media=on`). A separate next argument is never taken as its value.
    case optionalChoice([String])

    var takesValue: Bool { self != .none }

    var placeholder: String? {
        switch self {
        case .none: return nil
        case .text(let p), .number(let p), .file(let p), .directory(let p): return p
        case .choice(let words), .optionalChoice(let words): return words.joined(separator: "|")
        }
    }

    var choices: [String] {
        switch self {
        case .choice(let words), .optionalChoice(let words): return words
        default: return []
        }
    }
}
