import Foundation
import Packager

/// Exit codes shared by every subcommand (documented in help, the man page and the README).
enum ExitCode {
    static let ok: Int32 = 0
    /// Findings (validate), or the work failed (unreadable input, output not stored).
    static let failure: Int32 = 1
    /// The command line itself is wrong.
    static let usage: Int32 = 2
    /// A second SIGINT/SIGTERM while live was finishing its segment.
    static let interrupted: Int32 = 130
}

/// Every subcommand, in the order help lists them.
enum Registry {
    static let version = "0.1.0"

    static let commands: [CommandEntry] = [
        CuesCommand.entry, VodCommand.entry, LiveCommand.entry, ValidateCommand.entry, TimelineCommand.entry,
        BenchCommand.entry, HelpCommand.entry, CompletionCommand.entry, ManPageCommand.entry, VersionCommand.entry,
    ]

    static func command(named name: String) -> CommandEntry? { commands.first { $0.name == name } }

    /// An unknown command word, with the nearest known one.
    static func unknown(_ name: String) -> UsageError {
        .unknownCommand(name, suggestion: NearestName.suggest(name, among: commands.map(\.name)))
    }
}

extension CommandLine {
    static func run(_ args: [String]) -> Int32 {
        guard let first = args.first else {
            FileHandle.standardError.write(Data(HelpText.overview().utf8))
            return ExitCode.usage
        }
        let rest = Array(args.dropFirst())
        switch first {
        case "-h", "--help": return HelpCommand.run(rest)
        case "--version": return VersionCommand.run(rest)
        default:
            guard let command = Registry.command(named: first) else {
                Console.error("pkgctl: \(PrintableText.escaped(Registry.unknown(first).description))")
                Console.error("try 'pkgctl help' for the list of commands")
                return ExitCode.usage
            }
            return command.run(rest)
        }
    }
}
