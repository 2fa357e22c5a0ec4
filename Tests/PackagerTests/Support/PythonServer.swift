import Foundation

/// A Python HTTP server run as a child process of a test: `script` prints the port it listens on
/// as its first line (port 0 asks the system for a free one, so parallel test runs never clash).
enum PythonServer {
    /// Runs `script` with `arguments` in `process`; the port it printed, or nil with what it said
    /// when it printed no port within 10 s (the process is then stopped).
    static func start(_ process: Process, script: String, arguments: [String]) throws -> (port: Int?, said: String) {
        guard let python = ToolRun.find("python3") else { return (nil, "python3 not found (scripts/deps.sh test installs it)") }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date(timeIntervalSinceNow: 10)
        while !text.contains("\n") && Date() < deadline && process.isRunning {
            text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            return (nil, text)
        }
        return (port, text)
    }
}
