import Foundation

private struct ServerDidNotStart: Error, CustomStringConvertible {
    let output: String
    var description: String { "python3 -m http.server did not report a port (python3 comes from scripts/deps.sh): \(output)" }
}

/// A directory served on 127.0.0.1 by `python3 -m http.server` (its files may change while it
/// runs: a live playlist that grows). Stopped by `stop()`.
final class FixtureHTTPServer {
    private let process = Process()
    let port: Int

    init(directory: URL) throws {
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
            throw ServerDidNotStart(output: text)
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
