import Foundation
import XCTest

/// `pkgctl completion bash|zsh`: the scripts parse, load, and complete commands, options and
/// values from the same tables `--help` lists.
final class CLICompletionTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func script(_ shell: String) throws -> URL {
        let run = try PkgctlBinary.run(["completion", shell])
        XCTAssertEqual(run.status, 0, run.err)
        let url = directory.appendingPathComponent(shell == "zsh" ? "_pkgctl" : "pkgctl.bash")
        try Data(run.out.utf8).write(to: url)
        return url
    }

    /// What bash's completion function offers for each command line (the last word is the one
    /// being completed), run in the scratch directory.
    private func bashCompletions(_ lines: [[String]]) throws -> [String] {
        var probe = "source \(PkgctlBinary.shellQuoted(try script("bash").path))\n"
        for words in lines {
            probe += "COMP_WORDS=(\(words.map(PkgctlBinary.shellQuoted).joined(separator: " "))); COMP_CWORD=\(words.count - 1); "
            probe += "COMPREPLY=(); _pkgctl; echo \"${COMPREPLY[*]}\"\n"
        }
        let run = try PkgctlBinary.run(executable: "/bin/bash", ["--norc", "--noprofile", "-c", probe], in: directory)
        XCTAssertEqual(run.err, "")
        return run.out.components(separatedBy: "\n").dropLast()
    }

    func testBashScriptParsesAndCompletesCommandsOptionsAndValues() throws {
        let syntax = try PkgctlBinary.run(executable: "/bin/bash", ["-n", try script("bash").path])
        XCTAssertEqual(syntax.status, 0, syntax.err)
        try Data().write(to: directory.appendingPathComponent("input.ts"))
        let offered = try bashCompletions([
            ["pkgctl", "v"],
            ["pkgctl", "vod", "--segment-"],
            ["pkgctl", "vod", "--segment-format", ""],
            ["pkgctl", "validate", "--media", "=", ""],
            ["pkgctl", "validate", "--profile", "apple"],
            ["pkgctl", "live", "--log-format", ""],
            ["pkgctl", "live", "--speed", ""],
            ["pkgctl", "cues", "in"],
            ["pkgctl", "vod", "-o", "in"],
            ["pkgctl", "help", "ti"],
            ["pkgctl", "completion", ""],
            ["pkgctl", "bench", ""],
        ])
        XCTAssertEqual(offered, [
            "vod validate version",
            "--segment-format --segment-duration",
            "ts fmp4",
            "on off",
            "apple-podcasts",
            "json text",
            "",
            "input.ts",
            "",
            "timeline",
            "bash zsh",
            "daterange",
        ])
    }

    func testBashOffersExactlyTheOptionsHelpListsForEveryCommand() throws {
        let commands = try PkgctlBinary.commandNames()
        let offered = try bashCompletions(commands.map { ["pkgctl", $0, "-"] })
        XCTAssertEqual(offered.count, commands.count)
        for (command, line) in zip(commands, offered) {
            XCTAssertEqual(Set(line.split(separator: " ").map(String.init)), Set(try PkgctlBinary.helpOptions(command)), command)
        }
    }

    func testZshScriptParsesLoadsAndCompletesOptionsAndValues() throws {
        let zsh = try XCTUnwrap(["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) } as String?,
                                "zsh not installed (scripts/deps.sh test installs it)")
        let path = try script("zsh").path
        let syntax = try PkgctlBinary.run(executable: zsh, ["-n", path])
        XCTAssertEqual(syntax.status, 0, syntax.err)
        let loaded = try PkgctlBinary.run(executable: zsh, ["-f", "-c", """
            autoload -Uz compinit && compinit -u -D -d \(directory.path)/zcompdump
            source \(PkgctlBinary.shellQuoted(path))
            print -r -- $_comps[pkgctl]
            print -r -- ${(ok)functions[(I)_pkgctl_*]}
            """], in: directory)
        XCTAssertEqual(loaded.err, "")
        XCTAssertEqual(loaded.out, "_pkgctl\n" + (try PkgctlBinary.commandNames()).map { "_pkgctl_" + $0 }.sorted().joined(separator: " ") + "\n")
        let offered = try ZshCompletionProbe(zsh: zsh, script: path, directory: directory).complete([
            "pkgctl vod --segment-f", "pkgctl vod --segment-format ", "pkgctl validate --media=", "pkgctl live --log-format ",
        ])
        XCTAssertEqual(offered, [["--segment-format"], ["ts", "fmp4"], ["on", "off"], ["json", "text"]])
    }
}

/// Drives an interactive zsh on a pseudo-terminal (zsh/zpty) and records what the completion
/// system hands to `compadd` for each line typed with a TAB after it. After each line a marker
/// command runs in that shell, so what one TAB offered is told apart from the next (each TAB
/// can call compadd more than once; repeated words are kept once).
struct ZshCompletionProbe {
    let zsh: String
    let script: String
    let directory: URL

    func complete(_ lines: [String]) throws -> [[String]] {
        let record = directory.appendingPathComponent("offered").path
        var driver = """
            zmodload zsh/zpty
            zpty z \(zsh) -f -i
            zpty -w z 'PROMPT=""; autoload -Uz compinit; compinit -u -D -d \(directory.path)/zcompdump-probe'
            zpty -w z 'source \(script)'
            zpty -w z 'compadd() { local -a got; builtin compadd -O got "$@"; (( $#got )) && print -r -- "${(j: :)got}" >> \(record); builtin compadd "$@" }'
            marks() { [[ -f \(record) ]] || { print 0; return }; grep -c '^--mark--$' \(record) || true }
            wait_for() { local i; for i in {1..200}; do (( $(marks) >= $1 )) && return 0; sleep 0.05; done; return 1 }
            # The shell drops what was typed before its line editor first starts: wait for it.
            zpty -w z 'print -r -- --mark-- >> \(record)'
            wait_for 1 || print -u2 'zsh never started'

            """
        for (i, line) in lines.enumerated() {
            driver += "zpty -n -w z $'\(line)\\t'\nzpty -n -w z $'\\C-u'\n"
            driver += "zpty -w z 'print -r -- --mark-- >> \(record)'\nwait_for \(i + 2) || print -u2 'no answer for: \(line)'\n"
        }
        driver += "zpty -d z\n"
        let run = try PkgctlBinary.run(executable: zsh, ["-f", "-c", driver], in: directory)
        XCTAssertEqual(run.err, "")
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        var groups: [[String]] = [[]]
        for line in text.split(separator: "\n") {
            if line == "--mark--" {
                groups.append([])
            } else {
                for word in line.split(separator: " ").map(String.init) where !(groups[groups.count - 1].contains(word)) {
                    groups[groups.count - 1].append(word)
                }
            }
        }
        return Array(groups.dropFirst().dropLast())
    }
}
