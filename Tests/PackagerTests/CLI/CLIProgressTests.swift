import Foundation
import Packager
import XCTest

/// `pkgctl vod`'s progress line: drawn on a terminal and erased at the end, never written to
/// a file or pipe; and the Packager hook under it (`VodOptions.progress`).
final class CLIProgressTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private var sampleSize: Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: TestMedia.liveTS.path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    func testVodDrawsAProgressLineOnATerminalAndErasesItBeforeTheSummary() throws {
        let output = directory.appendingPathComponent("out").path
        let run = try PkgctlBinary.runOnTerminal(["vod", TestMedia.liveTS.path, "-o", output])
        XCTAssertEqual(run.status, 0, run.out)
        let erase = "\r\u{1B}[K"
        let total = String(format: "%.1f MB", Double(sampleSize) / 1e6)
        XCTAssertTrue(run.out.hasPrefix(erase + "reading "), run.out)
        XCTAssertTrue(run.out.contains(" of \(total) ("), run.out)
        let afterLast = try XCTUnwrap(run.out.range(of: erase, options: .backwards)).upperBound
        XCTAssertTrue(run.out[afterLast...].hasPrefix(TestMedia.liveTS.path + " → " + output + "\r\n"), run.out)
        XCTAssertFalse(run.out[afterLast...].contains("reading "), run.out)
    }

    func testVodWritesNoProgressToAPipeOrWithQuiet() throws {
        let piped = try PkgctlBinary.run(["vod", TestMedia.liveTS.path, "-o", directory.appendingPathComponent("a").path])
        XCTAssertEqual(piped.status, 0, piped.err)
        XCTAssertEqual(piped.err, "")
        XCTAssertTrue(piped.out.hasPrefix(TestMedia.liveTS.path + " → "), piped.out)
        let quiet = try PkgctlBinary.runOnTerminal(["vod", TestMedia.liveTS.path, "-o", directory.appendingPathComponent("b").path, "-q"])
        XCTAssertEqual(quiet.status, 0, quiet.out)
        XCTAssertFalse(quiet.out.contains("reading "), quiet.out)
        XCTAssertFalse(quiet.out.contains("\u{1B}"), quiet.out)
    }

    /// Every byte of the input is reported, bytes and media time only ever grow, and the media
    /// time ends at the source's 180 s, on the byte-level TS path and on the libavformat one.
    func testProgressHookReportsEveryByteAndTheMediaReadOnBothEngines() throws {
        for engine in SegmentEngine.allCases {
            let seen = ProgressRecorder()
            var options = VodOptions()
            options.engine = engine
            options.progress = seen.record
            _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: directory.appendingPathComponent(engine.rawValue),
                                    options: options)
            let reports = seen.reports
            XCTAssertGreaterThan(reports.count, 10, "\(engine)")
            XCTAssertEqual(reports.last?.bytesRead, sampleSize, "\(engine)")
            let steps = zip(reports, reports.dropFirst())
            XCTAssertEqual(steps.filter { $0.bytesRead > $1.bytesRead }.count, 0, "\(engine): bytes never go back")
            XCTAssertEqual(steps.filter { ($0.mediaSeconds ?? 0) > ($1.mediaSeconds ?? 0) }.count, 0, "\(engine): media never goes back")
            XCTAssertEqual(steps.filter { $0 == $1 }.count, 0, "\(engine): a report only when something moved")
            XCTAssertEqual(try XCTUnwrap(reports.last?.mediaSeconds), 180, accuracy: 0.05, "\(engine)")
        }
    }
}

/// Collects progress reports from whichever thread the pipeline reads on.
private final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [InputProgress] = []

    func record(_ progress: InputProgress) {
        lock.lock(); defer { lock.unlock() }
        list.append(progress)
    }

    var reports: [InputProgress] {
        lock.lock(); defer { lock.unlock() }
        return list
    }
}
