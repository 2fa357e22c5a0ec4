import Foundation
import XCTest

/// The built `pkgctl` (debug) run as a user runs it, for the command-line tests: arguments,
/// environment and working directory in, exit status and both streams out.
enum PkgctlBinary {
    struct Run {
        let status: Int32
        let out: String
        let err: String
    }

    static var path: String { TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl").path }

    static func run(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil) throws -> Run {
        try run(executable: path, arguments, environment: environment, in: directory)
    }

    /// Any tool, both pipes drained at once so neither can fill up and stall it.
    static func run(executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = ReadBox()
        let reading = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData.data = err.fileHandleForReading.readDataToEndOfFile()
            reading.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                   err: String(decoding: errData.data, as: UTF8.self))
    }

    /// `pkgctl ARGS` with a pseudo-terminal as stdin, stdout and stderr (util-linux `script`),
    /// as when a person runs it in a terminal; returns everything the terminal received.
    static func runOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let command = ([path] + arguments).map(shellQuoted).joined(separator: " ")
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        env["TERM"] = "xterm"
        return try run(executable: "/usr/bin/script", ["-qec", command, "/dev/null"], environment: env)
    }

    static func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The subcommands `pkgctl help` lists, read from its output (so a new one is covered).
    static func commandNames() throws -> [String] {
        let overview = try run(["help"]).out
        let lines = overview.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "commands:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    /// Every option spelling a command's `--help` lists, in order.
    static func helpOptions(_ command: String) throws -> [String] {
        let help = try run([command, "--help"]).out
        guard let start = help.range(of: "\noptions:\n") else { return [] }
        var spellings: [String] = []
        for line in help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("  "), !line.hasPrefix("        ") else { if line.isEmpty { break } else { continue } }
            for word in line.split(separator: " ") {
                let token = word.hasSuffix(",") ? word.dropLast() : word[...]
                guard token.hasPrefix("-") else { break }
                spellings.append(String(token.split(separator: "[").first ?? token))
            }
        }
        return spellings
    }
}

/// What the stderr reader thread read; the semaphore orders its one write before the read.
private final class ReadBox: @unchecked Sendable {
    var data = Data()
}
