import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `.build/debug/pkgctl vod --batch …` as a child process of the test: its stdout report lines
/// are collected as they arrive (so a test can act mid-run), every wait is bounded, and its
/// worker processes can be found through /proc.
final class BatchProcess: @unchecked Sendable {
    static var executable: URL { TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl") }

    private let process = Process()
    private let lock = NSLock()
    private var stdoutLines: [String] = []
    private var stderrText = ""
    private let readers = DispatchGroup()

    init(_ arguments: [String], directory: URL, standardInput: Data? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw BatchTestError("\(Self.executable.path) is missing: run scripts/swift-locked.sh build --build-tests")
        }
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let input = Pipe()
        process.standardInput = standardInput == nil ? FileHandle.nullDevice : input
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let standardInput {
            input.fileHandleForWriting.write(standardInput)
            try input.fileHandleForWriting.close()
        }
        read(output.fileHandleForReading) { [self] text in
            lock.lock(); stdoutLines.append(text); lock.unlock()
        }
        read(errors.fileHandleForReading) { [self] text in
            lock.lock(); stderrText += text + "\n"; lock.unlock()
        }
    }

    private func read(_ handle: FileHandle, line: @escaping (String) -> Void) {
        readers.enter()
        Thread { [readers] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    line(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            if !buffer.isEmpty { line(String(decoding: buffer, as: UTF8.self)) }
            readers.leave()
        }.start()
    }

    var pid: pid_t { process.processIdentifier }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stdoutLines }
    var errors: String { lock.lock(); defer { lock.unlock() }; return stderrText }

    /// Report lines parsed as JSON objects.
    var objects: [[String: Any]] {
        lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    var titles: [[String: Any]] { objects.filter { $0["type"] as? String == "title" } }
    var summary: [String: Any]? { objects.last { $0["type"] as? String == "summary" } }

    /// Waits until `count` report lines arrived; false after `timeout` or when the batch ended first.
    func waitForLines(_ count: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while lines.count < count {
            if Date() >= deadline || !process.isRunning { return lines.count >= count }
            usleep(2_000)
        }
        return true
    }

    /// The exit status once the batch ended (nil after `timeout`, then it is killed).
    @discardableResult
    func waitForExit(timeout: Double = 60) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning {
            if Date() >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            usleep(5_000)
        }
        _ = readers.wait(timeout: .now() + 5)
        return process.terminationStatus
    }

    /// `pkgctl … vod --batch-worker …` processes whose parent is this batch.
    func workers() -> [pid_t] { ProcTable.children(of: pid) }

    /// Runs a batch to its end.
    static func run(_ arguments: [String], in directory: URL, standardInput: Data? = nil,
                    timeout: Double = 60) throws -> (status: Int32?, batch: BatchProcess) {
        let batch = try BatchProcess(arguments, directory: directory, standardInput: standardInput)
        return (batch.waitForExit(timeout: timeout), batch)
    }
}

/// Processes as /proc lists them (Linux).
enum ProcTable {
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { parentOf($0) == parent }.sorted()
    }

    /// The parent pid from /proc/PID/stat (the field after the parenthesised name and state).
    static func parentOf(_ pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Whether `pid` is gone or a zombie (it runs no more code).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    static func commandLine(_ pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

struct BatchTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
