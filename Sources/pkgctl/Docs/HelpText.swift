/// `pkgctl help`, `pkgctl COMMAND --help`: made from the registry and the option tables.
enum HelpText {
    static let width = 100
    static let optionColumn = 30

    static let tagline = "HLS packager for ad-supported streaming: burned-in ads and recaps become HLS Interstitials"

    /// What each exit code means, for help, the man page and the README.
    static let exitCodes: [(code: Int32, meaning: String)] = [
        (ExitCode.ok, "success (validate: no error finding)"),
        (ExitCode.failure, "failure: unreadable input, output not stored, input lost; validate: error findings (or warnings with --strict)"),
        (ExitCode.usage, "usage error: unknown option or command, bad or missing value (the message names it)"),
        (ExitCode.interrupted, "live: stopped at once by a second SIGINT/SIGTERM"),
    ]

    static let environment: [(name: String, meaning: String)] = [
        ("NO_COLOR", "when set and not empty, no colour in text logs (colour is only ever used on a terminal)"),
    ]

    static func overview() -> String {
        var out = "pkgctl \(Registry.version): \(tagline)\n\n"
        out += "usage: pkgctl COMMAND [options]\n"
        out += "       pkgctl help [COMMAND]   (or pkgctl COMMAND --help)\n"
        out += "       pkgctl --version\n\ncommands:\n"
        for command in Registry.commands {
            out += TextWrap.hanging("  " + command.name, command.summary, column: 14, width: width)
        }
        out += "\nexit status:\n"
        for (code, meaning) in exitCodes { out += TextWrap.hanging("  \(code)", meaning, column: 8, width: width) }
        out += "\nenvironment:\n"
        for (name, meaning) in environment { out += TextWrap.hanging("  " + name, meaning, column: 14, width: width) }
        return out
    }

    static func usageLines(_ command: CommandEntry) -> String {
        var out = ""
        for (i, line) in command.synopsis.enumerated() {
            out += (i == 0 ? "usage: " : "       ") + "pkgctl \(command.name)" + (line.isEmpty ? "" : " " + line) + "\n"
        }
        return out
    }

    static func command(_ command: CommandEntry) -> String {
        var out = usageLines(command) + "\n"
        out += TextWrap.lines(command.summary, width: width).joined(separator: "\n") + "\n\noptions:\n"
        for spec in command.allOptions {
            out += TextWrap.hanging(label(spec), describe(spec), column: optionColumn, width: width)
        }
        out += "\nexit status: " + exitCodes.prefix(3).map { "\($0.code)" }.joined(separator: ", ")
            + " (success, failure or findings, usage error); see 'pkgctl help'\n"
        return out
    }

    /// `  -o, --output DIR|URL` / `      --segment-duration S`
    static func label(_ spec: OptionSpec) -> String {
        let short = spec.aliases.filter { $0.count == 2 }
        let other = spec.aliases.filter { $0.count != 2 }
        let lead = short.isEmpty ? "      " : "  " + short.joined(separator: ", ") + ", "
        return lead + (other + [spec.name]).map { spec.synopsis($0) }.joined(separator: ", ")
    }

    /// The help text with what help adds to every option: default, configuration key, repeatable.
    static func describe(_ spec: OptionSpec) -> String {
        let notes = annotations(spec)
        return notes.isEmpty ? spec.help : spec.help + " [" + notes.joined(separator: "; ") + "]"
    }

    static func annotations(_ spec: OptionSpec) -> [String] {
        var notes: [String] = []
        if let d = spec.defaultText { notes.append("default: " + d) }
        if let key = spec.key { notes.append("config: " + key) }
        if spec.repeatable { notes.append("repeatable") }
        return notes
    }
}
