import Foundation

/// `python3 -m http.server` on an ephemeral port of 127.0.0.1, serving one directory (its files
/// may change while it runs: a live playlist that grows); python3 comes from scripts/deps.sh.
/// `stop()` in tearDown, or when it goes away.
final class StaticHTTPServer {
    struct DidNotStart: Error, CustomStringConvertible {
        let output: String
        var description: String { "python3 -m http.server did not report a port: \(output)" }
    }

    private let process = Process()
    let port: Int

    init(serving directory: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "port "), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw DidNotStart(output: text)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
