import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `.build/debug/pkgctl live …` as a child process: its stderr JSON log lines are collected
/// as they arrive; every wait is bounded; `kill()` (for tearDown) never leaves it running.
final class PkgctlLiveProcess: @unchecked Sendable {
    struct LogLine {
        let fields: [String: Any]
        let raw: String
        let receivedAt: Date
        var event: String { fields["event"] as? String ?? "" }
        var action: String { fields["action"] as? String ?? "" }
        var level: String { fields["level"] as? String ?? "" }
        func string(_ key: String) -> String? { fields[key] as? String }
    }

    static var executable: URL { TestMedia.repoRoot.appendingPathComponent(".build/debug/pkgctl") }

    let arguments: [String]
    private let process = Process()
    private let lock = NSLock()
    private var lines: [LogLine] = []
    private var otherStderr: [String] = []
    private let readerDone = DispatchSemaphore(value: 0)

    /// - Parameter fileSizeLimitBlocks: runs pkgctl under `ulimit -f N` (512-byte blocks) with
    ///   SIGXFSZ ignored, so a too-large write fails with EFBIG the way a full disk fails a
    ///   write (ENOSPC) instead of killing the process.
    init(_ arguments: [String], fileSizeLimitBlocks: Int? = nil) throws {
        self.arguments = arguments
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw PkgctlError("\(Self.executable.path) is missing: run scripts/swift-locked.sh build --build-tests")
        }
        if let blocks = fileSizeLimitBlocks {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let quoted = ([Self.executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            process.arguments = ["-c", "ulimit -f \(blocks) && trap '' XFSZ && exec " + quoted.joined(separator: " ")]
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = TestMedia.repoRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let handle = errors.fileHandleForReading
        let reader = Thread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    record(line)
                }
            }
            if !buffer.isEmpty { record(String(decoding: buffer, as: UTF8.self)) }
            readerDone.signal()
        }
        reader.name = "pkgctl-stderr"
        reader.start()
    }

    private func record(_ line: String) {
        let now = Date()
        if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] {
            lock.lock(); lines.append(LogLine(fields: object, raw: line, receivedAt: now)); lock.unlock()
        } else {
            lock.lock(); otherStderr.append(line); lock.unlock()
        }
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var log: [LogLine] { lock.lock(); defer { lock.unlock() }; return lines }
    /// stderr lines that were not JSON (usage errors, crashes).
    var plainStderr: [String] { lock.lock(); defer { lock.unlock() }; return otherStderr }

    /// Waits for a log line matching `predicate`; nil after `timeout` or once pkgctl exited without it.
    @discardableResult
    func waitForLog(timeout: Double, _ predicate: (LogLine) -> Bool) -> LogLine? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            if let match = log.first(where: predicate) { return match }
            if Date() >= deadline { return nil }
            if !process.isRunning {
                _ = readerDone.wait(timeout: .now() + 1)
                return log.first(where: predicate)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func count(_ predicate: (LogLine) -> Bool) -> Int { log.filter(predicate).count }

    func signal(_ number: Int32) {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, number) }
    }

    /// The exit status once pkgctl has exited, or nil after `timeout` (it is then still running).
    func waitForExit(timeout: Double) -> (status: Int32, signalled: Bool)? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning {
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.02)
        }
        _ = readerDone.wait(timeout: .now() + 2)
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// For tearDown: SIGKILL if still running, and reap it.
    func kill() {
        if process.isRunning {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(timeout: 5)
        }
    }

    /// Every log line, for failure messages.
    var transcript: String { log.map(\.raw).joined(separator: "\n") + plainStderr.joined(separator: "\n") }

    struct PkgctlError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
