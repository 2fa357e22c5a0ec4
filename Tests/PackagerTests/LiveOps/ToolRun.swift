import Foundation

/// Runs a command-line tool and captures what it printed (tests only).
struct ToolRun {
    let status: Int32
    /// What it wrote to stdout, as bytes (ffmpeg can write raw samples there).
    let outputData: Data
    let errors: String

    var output: String { String(decoding: outputData, as: UTF8.self) }

    static func run(_ executable: String, _ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read stderr on another thread so a full pipe cannot stall the tool.
        let errorText = LineRecorder()
        let doneReading = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.append(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            doneReading.signal()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        doneReading.wait()
        return ToolRun(status: process.terminationStatus, outputData: data, errors: errorText.lines.joined())
    }

    /// The first executable named `name` in the usual system directories or on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = ["/usr/bin", "/bin", "/usr/local/bin"] + path.split(separator: ":").map(String.init)
        return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
