/// `pkgctl manpage`: pkgctl(1) in roff (man macros), made from the registry and the option
/// tables; `make install` installs it as share/man/man1/pkgctl.1.
enum ManPage {
    static func render(_ commands: [CommandEntry]) -> String {
        // No hyphenation, ragged right: option names and URLs must stay whole.
        var out = ".TH PKGCTL 1 \"\" \"pkgctl \(Registry.version)\" \"User Commands\"\n.nh\n.ad l\n"
        out += ".SH NAME\npkgctl \\- " + roff(HelpText.tagline) + "\n"
        out += ".SH SYNOPSIS\n"
        for command in commands { out += synopsis(command) }
        out += ".B pkgctl\n\\-\\-version\n"
        out += ".SH DESCRIPTION\n" + roff(description) + "\n.PP\n" + roff(conventions) + "\n"
        out += ".SH COMMANDS\n"
        for command in commands { out += section(command) }
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in HelpText.exitCodes { out += ".TP\n.B \(code)\n\(roff(meaning))\n" }
        out += ".SH ENVIRONMENT\n"
        for (name, meaning) in HelpText.environment { out += ".TP\n.B \(roff(name))\n\(roff(meaning))\n" }
        out += ".SH SEE ALSO\n.BR ffmpeg (1),\n.BR ffprobe (1);\n" + roff("the README of the pkgctl repository") + "\n"
        return out
    }

    private static let description = "pkgctl reads a source with FFmpeg's libraries, finds the ad, recap and other spans "
        + "burned into it (SCTE-35 cues, discontinuities, chapters) and publishes HLS in which each span is an HLS "
        + "Interstitial (EXT-X-DATERANGE with CLASS=\"com.apple.hls.interstitial\"). vod converts recorded programmes, "
        + "live runs beside a live encoder, and cues, validate and timeline are read-side tools."

    private static let conventions = "Results go to standard output, messages and logs to standard error. Every command "
        + "takes -h or --help, printing its usage and options with their defaults. Options take their value as the next "
        + "argument or after =; -- ends the options. Options that set a pipeline configuration key override the file "
        + "given with --config."

    private static func section(_ command: CommandEntry) -> String {
        var out = ".SS \(roff(command.name))\n"
        out += synopsis(command) + ".PP\n" + roff(command.summary) + "\n"
        for spec in command.allOptions {
            let names = spec.spellings.map { spelling -> String in
                let placeholder: String
                switch spec.value {
                case .none: placeholder = ""
                case .optionalChoice(let words): placeholder = "[=\\fI" + roff(words.joined(separator: "|")) + "\\fR]"
                default: placeholder = " \\fI" + roff(spec.value.placeholder ?? "") + "\\fR"
                }
                return "\\fB" + roff(spelling) + "\\fR" + placeholder
            }
            out += ".TP\n" + names.joined(separator: ", ") + "\n" + roff(HelpText.describe(spec)) + "\n"
        }
        return out
    }

    private static func synopsis(_ command: CommandEntry) -> String {
        command.synopsis.map { line in
            ".B pkgctl \(roff(command.name))\n" + (line.isEmpty ? "" : roff(line) + "\n") + ".br\n"
        }.joined()
    }

    /// Text safe in a roff line: backslashes and hyphens escaped, anything beyond ASCII as a
    /// `\[uXXXX]` glyph (groff reads no UTF-8 without preconv), a leading `.` or `'` neutralised.
    static func roff(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += " "
            // groff's ASCII device has no glyph for U+2026.
            case "\u{2026}": out += "..."
            default:
                if scalar.value < 0x80 {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
                }
            }
        }
        return out.first == "." || out.first == "'" ? "\\&" + out : out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
