import Foundation
import XCTest
@testable import Packager

final class PrometheusTextfileWriterTests: XCTestCase {
    private var directory: URL?

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
    }

    /// Each version adds a series and sets a gauge to its number, so a reader can tell a
    /// torn, truncated or mixed file from a complete one.
    func testReaderNeverSeesAPartialFileWhileVersionsAreReplaced() throws {
        let directory = try XCTUnwrap(directory)
        let file = directory.appendingPathComponent("pkgctl-news.prom")
        let registry = MetricsRegistry()
        let items = try registry.counter("test_items_total", help: "items", labelNames: ["item"])
        let version = try registry.gauge("test_version", help: "version").labels()
        let writer = PrometheusTextfileWriter(file: file)
        try writer.write(registry)

        let versions = 400
        let finished = DispatchSemaphore(value: 0)
        let done = TestFlag()
        let writeFailure = LineRecorder()
        Thread {
            for number in 1...versions {
                items.labels(String(number)).increment()
                version.set(Double(number))
                do { try writer.write(registry) } catch { writeFailure.append(String(describing: error)) }
            }
            done.set()
            finished.signal()
        }.start()

        var reads = 0
        var lastSeen = 0
        var problems: [String] = []
        while !done.isSet || reads == 0 {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                problems.append("unreadable at read \(reads)"); break
            }
            reads += 1
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard text.hasSuffix("\n"), text.hasPrefix("# HELP test_items_total items\n"),
                  let versionLine = lines.first(where: { $0.hasPrefix("test_version ") }),
                  let seen = Int(versionLine.dropFirst("test_version ".count)) else {
                problems.append("incomplete file at read \(reads): \(text.suffix(80))"); break
            }
            let itemLines = lines.filter { $0.hasPrefix("test_items_total{") }.count
            if itemLines != seen { problems.append("version \(seen) has \(itemLines) items"); break }
            if seen < lastSeen { problems.append("went back from \(lastSeen) to \(seen)"); break }
            lastSeen = seen
        }
        finished.wait()
        XCTAssertEqual(problems, [])
        XCTAssertEqual(writeFailure.lines, [])
        XCTAssertGreaterThan(reads, 1)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("test_version 400\n"))
        // Temp files were all renamed away: the collector's directory holds only the .prom file.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["pkgctl-news.prom"])
    }

    func testWriteIntoAPathBlockedByAFileFailsNamingTheDirectory() throws {
        let directory = try XCTUnwrap(directory)
        let blocker = directory.appendingPathComponent("textfile")
        XCTAssertTrue(FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8)))
        let writer = PrometheusTextfileWriter(file: blocker.appendingPathComponent("pkgctl.prom"))
        XCTAssertThrowsError(try writer.write(MetricsRegistry())) { error in
            XCTAssertEqual(error as? FileSinkError,
                           .system(operation: "mkdir", path: blocker.path, name: "pkgctl.prom", errno: ENOTDIR))
        }
    }
}
