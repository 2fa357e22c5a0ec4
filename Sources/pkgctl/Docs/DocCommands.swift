import Foundation
import Packager

/// The commands that describe pkgctl itself: help, completion scripts, the man page, the version.
/// They parse with the same machinery (so `pkgctl help --help` works too).
struct NoOptions {}

enum HelpCommand {
    static let entry = CommandEntry(name: "help", synopsis: ["[COMMAND]"],
                                    summary: "list the commands, or print a command's usage and options with defaults",
                                    options: [], positionals: .commands, run: run)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let parsed = try [Option<NoOptions>]().parse(args, into: NoOptions()) else { return entry.printHelp() }
            switch parsed.positionals.count {
            case 0:
                Console.out(HelpText.overview())
                return ExitCode.ok
            case 1:
                guard let command = Registry.command(named: parsed.positionals[0]) else { throw Registry.unknown(parsed.positionals[0]) }
                return command.printHelp()
            default:
                throw UsageError.unexpected(parsed.positionals[1])
            }
        } catch {
            return entry.usageFailure(error)
        }
    }
}

enum CompletionCommand {
    static let shells = ["bash", "zsh"]

    static let entry = CommandEntry(name: "completion", synopsis: ["bash|zsh"],
                                    summary: "print a shell completion script (bash: source <(pkgctl completion bash))",
                                    options: [], positionals: .words(shells), run: run)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let parsed = try [Option<NoOptions>]().parse(args, into: NoOptions()) else { return entry.printHelp() }
            guard parsed.positionals.count == 1 else {
                throw parsed.positionals.isEmpty ? UsageError.missingPositional("the shell (bash or zsh)") : UsageError.unexpected(parsed.positionals[1])
            }
            switch parsed.positionals[0] {
            case "bash": Console.out(BashCompletion.script(Registry.commands))
            case "zsh": Console.out(ZshCompletion.script(Registry.commands))
            default: throw UsageError.conflict("no completion script for '\(parsed.positionals[0])': pkgctl writes bash and zsh ones")
            }
            return ExitCode.ok
        } catch {
            return entry.usageFailure(error)
        }
    }
}

enum ManPageCommand {
    static let entry = CommandEntry(name: "manpage", synopsis: [""],
                                    summary: "print the pkgctl(1) man page source (roff); make install installs it",
                                    options: [], positionals: .none, run: run)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let parsed = try [Option<NoOptions>]().parse(args, into: NoOptions()) else { return entry.printHelp() }
            if let extra = parsed.positionals.first { throw UsageError.unexpected(extra) }
            Console.out(ManPage.render(Registry.commands))
            return ExitCode.ok
        } catch {
            return entry.usageFailure(error)
        }
    }
}

enum VersionCommand {
    static let entry = CommandEntry(name: "version", synopsis: [""],
                                    summary: "print pkgctl's version and the FFmpeg libraries it runs on (also: pkgctl --version)",
                                    options: [], positionals: .none, run: run)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let parsed = try [Option<NoOptions>]().parse(args, into: NoOptions()) else { return entry.printHelp() }
            if let extra = parsed.positionals.first { throw UsageError.unexpected(extra) }
            Console.out("pkgctl \(Registry.version) (\(FFmpegLibraries.versionLine))\n")
            return ExitCode.ok
        } catch {
            return entry.usageFailure(error)
        }
    }
}
