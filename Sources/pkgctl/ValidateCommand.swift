import Foundation
import Packager

/// `pkgctl validate PLAYLIST_OR_DIR [--map URL_PREFIX=DIR]... [--format text|json]`
/// `pkgctl validate --live V1 V2 ... [--map ...] [--format ...]`
/// Exit 0 when no error finding (warnings allowed), 1 with any error, 2 on usage problems.
enum ValidateCommand {
    struct Options {
        var paths: [String] = []
        var maps: [URLMapping] = []
        var format = FindingFormatter.Format.text
        var live = false
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ args: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(args)
        } catch {
            fail("\(error)\nusage: pkgctl validate PLAYLIST_OR_DIR [--map URL_PREFIX=DIR]... [--format text|json]\n"
                 + "       pkgctl validate --live V1 V2 ... [--map URL_PREFIX=DIR]... [--format text|json]")
            return ExitCode.usage
        }
        let findings: [Finding]
        do {
            findings = options.live
                ? try LiveVersionValidator.validate(paths: options.paths, maps: options.maps)
                : try PlaylistValidator.validate(path: options.paths[0], maps: options.maps)
        } catch {
            fail("\(error)")
            return ExitCode.usage
        }
        FileHandle.standardOutput.write(Data(FindingFormatter.render(findings, as: options.format).utf8))
        if options.format == .text {
            fail(FindingFormatter.summary(findings))
        }
        return findings.contains { $0.severity == .error } ? ExitCode.failure : ExitCode.ok
    }

    static func parse(_ args: [String]) throws -> Options {
        var options = Options()
        var index = 0
        func value(for flag: String) throws -> String {
            index += 1
            guard index < args.count else { throw UsageError(description: "\(flag) needs a value") }
            return args[index]
        }
        while index < args.count {
            let arg = args[index]
            switch arg {
            case "--live":
                options.live = true
            case "--map":
                options.maps.append(try URLMapping.parse(try value(for: arg)))
            case "--format":
                let text = try value(for: arg)
                guard let format = FindingFormatter.Format(rawValue: text) else {
                    throw UsageError(description: "--format must be text or json, got '\(text)'")
                }
                options.format = format
            default:
                if arg.hasPrefix("-"), arg != "-" {
                    throw UsageError(description: "unknown option '\(arg)'")
                }
                options.paths.append(arg)
            }
            index += 1
        }
        if options.live {
            guard options.paths.count >= 2 else {
                throw UsageError(description: "--live needs at least two playlist versions")
            }
        } else if options.paths.count != 1 {
            throw UsageError(description: options.paths.isEmpty ? "missing PLAYLIST_OR_DIR" : "give one PLAYLIST_OR_DIR (or use --live)")
        }
        return options
    }

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("pkgctl validate: \(message)\n".utf8))
    }
}
