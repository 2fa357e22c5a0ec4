import Foundation
import Packager

/// One subcommand as every document shows it: its name, synopsis, summary and option table
/// (the specs of the same `[Option]` table it parses with), and how to run it.
struct CommandEntry {
    /// What the positionals are, for the completion scripts.
    enum Positionals: Equatable {
        case files
        case words([String])
        case commands
        case none
    }

    let name: String
    /// Usage lines after `pkgctl NAME `.
    let synopsis: [String]
    /// One line: what the command is for.
    let summary: String
    /// The command's own options (`--help` is added to every command).
    let options: [OptionSpec]
    let positionals: Positionals
    let run: ([String]) -> Int32

    var allOptions: [OptionSpec] { options + [OptionSpec.help] }

    /// `--help`: usage and every option with its default, on stdout.
    func printHelp() -> Int32 {
        Console.out(HelpText.command(self))
        return ExitCode.ok
    }

    /// A usage error: the message, the usage lines and where to find more, on stderr (exit 2).
    func usageFailure(_ error: Error) -> Int32 {
        Console.error("pkgctl \(name): \(PrintableText.escaped("\(error)"))")
        Console.error(HelpText.usageLines(self) + "try 'pkgctl \(name) --help' for every option")
        return ExitCode.usage
    }
}
