import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod --batch` over a generated catalogue of 30 titles (the real binary, its worker
/// processes, real media through FFmpeg).
final class BatchCatalogueTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func byIndex(_ lines: [[String: Any]]) -> [Int: [String: Any]] {
        Dictionary(lines.map { ($0["index"] as? Int ?? -1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testThirtyTitlesTwoAtATimeGiveOneResultLineEachAndOnlyTheUnreadableOneFails() throws {
        let catalogue = try BatchCatalogue(count: 30, root: scratch)
        let (status, batch) = try BatchProcess.run(["vod", "--batch", catalogue.jobs.path, "-j", "2"], in: scratch)
        XCTAssertEqual(status, BatchSummary.Exit.failed, batch.errors)
        XCTAssertEqual(batch.titles.count, 30, batch.lines.joined(separator: "\n"))
        XCTAssertEqual(batch.titles.compactMap { $0["index"] as? Int }.sorted(), Array(0..<30), "one line per title")
        let results = byIndex(batch.titles)
        for title in catalogue.titles {
            let result = try XCTUnwrap(results[title.index])
            if title.unreadable {
                XCTAssertEqual(result["status"] as? String, "failed")
                let error = result["error"] as? String ?? ""
                XCTAssertTrue(error.contains(title.input.path), error)
                XCTAssertFalse(FileManager.default.fileExists(atPath: title.output.path), "a failed title publishes nothing")
                continue
            }
            XCTAssertEqual(result["status"] as? String, "done", "\(result)")
            XCTAssertEqual(result["reason"] as? String, "new")
            XCTAssertEqual(result["input"] as? String, title.input.path)
            XCTAssertEqual(result["output"] as? String, title.output.path)
            XCTAssertEqual(result["spans"] as? [String: Int], ["ad": title.breaks.count, "recap": 0, "other": 0], "title \(title.index)")
            XCTAssertEqual(result["interstitials"] as? Int, title.breaks.count)
            XCTAssertEqual(result["source_duration"] as? Double, BatchCatalogue.seconds)
            XCTAssertEqual(result["primary_duration"] as? Double, title.primaryDuration, "title \(title.index)")
            XCTAssertEqual(result["asset_durations"] as? [Double], title.breaks.map { $0.to - $0.from })
            XCTAssertEqual(result["warnings"] as? [String], [])
            XCTAssertGreaterThan(result["cpu_seconds"] as? Double ?? 0, 0)
            XCTAssertGreaterThan(result["peak_rss_mib"] as? Double ?? 0, 0)
            XCTAssertEqual(try OutputTreeCheck.problems(in: title.output), [], "title \(title.index)")
        }
        XCTAssertEqual(results[BatchCatalogue.withoutSpan]?["interstitials"] as? Int, 0)
        let fmp4 = catalogue.titles[BatchCatalogue.ownConfig].output
        XCTAssertTrue(FileManager.default.fileExists(atPath: fmp4.appendingPathComponent("primary/init.mp4").path),
                      "the title's own config file applies")
        let dated = try MediaPlaylistText(url: catalogue.titles[BatchCatalogue.ownStartDate].output
            .appendingPathComponent("primary/index.m3u8"))
        XCTAssertEqual(dated.segments.first?.programDateTime, ISODate.parse(BatchCatalogue.startDate))

        let summary = try XCTUnwrap(batch.summary)
        XCTAssertEqual(summary["titles"] as? Int, 30)
        XCTAssertEqual(summary["done"] as? Int, 29)
        XCTAssertEqual(summary["skipped"] as? Int, 0)
        XCTAssertEqual(summary["failed"] as? Int, 1)
        XCTAssertEqual(summary["parallel"] as? Int, 2)
        XCTAssertEqual(summary["media_hours"] as? Double ?? 0, 29 * BatchCatalogue.seconds / 3600, accuracy: 1e-6)
        let converted = batch.titles.filter { $0["status"] as? String == "done" }.reduce(0) { $0 + ($1["cpu_seconds"] as? Double ?? 0) }
        XCTAssertEqual(summary["converted_cpu_seconds"] as? Double ?? 0, converted, accuracy: 0.03)
        let ratio = 29 * BatchCatalogue.seconds / converted
        XCTAssertEqual(summary["media_hours_per_cpu_hour"] as? Double ?? 0, ratio, accuracy: ratio * 0.02)
        XCTAssertEqual(batch.lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["type"] as? String,
                       "summary", "the summary is the last line")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("out").path)
            .filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no staging trees left")
    }

    func testRerunSkipsEveryDoneTitleAndOnlyAChangedInputIsConvertedAgain() throws {
        let catalogue = try BatchCatalogue(count: 30, root: scratch)
        let arguments = ["vod", "--batch", catalogue.jobs.path, "-j", "2"]
        XCTAssertEqual(try BatchProcess.run(arguments, in: scratch).status, BatchSummary.Exit.failed)

        // A re-run converts nothing: no title is done again and none spent conversion CPU (a
        // count, not a stopwatch, so a busy machine cannot fail it).
        let (status, rerun) = try BatchProcess.run(arguments + ["--keep-going"], in: scratch)
        XCTAssertEqual(rerun.summary?["done"] as? Int, 0, "a re-run of 30 converted titles starts no conversion")
        XCTAssertEqual(rerun.summary?["converted_cpu_seconds"] as? Double, 0)
        XCTAssertEqual(status, BatchSummary.Exit.partial, "--keep-going: the unreadable title failed, the rest is fine")
        let skipped = rerun.titles.filter { $0["status"] as? String == "skipped" }
        XCTAssertEqual(skipped.compactMap { $0["index"] as? Int }.sorted(), Array(0..<30).filter { $0 != BatchCatalogue.unreadable })
        XCTAssertEqual(Set(skipped.compactMap { $0["reason"] as? String }), ["unchanged"])
        XCTAssertEqual(rerun.titles.filter { $0["status"] as? String == "failed" }.compactMap { $0["index"] as? Int },
                       [BatchCatalogue.unreadable])

        // Title 3 gets a longer programme: only it is converted again, from the new input.
        let changed = catalogue.titles[3]
        let before = try Data(contentsOf: changed.output.appendingPathComponent(OutputLayout.fingerprint))
        try FileManager.default.removeItem(at: changed.input)
        try FileManager.default.copyItem(at: try GeneratedMedia.ts(seconds: 14, gop: 2), to: changed.input)
        let (_, third) = try BatchProcess.run(arguments, in: scratch)
        let done = third.titles.filter { $0["status"] as? String == "done" }
        XCTAssertEqual(done.compactMap { $0["index"] as? Int }, [3])
        XCTAssertEqual(done.first?["reason"] as? String, "input changed")
        XCTAssertEqual(done.first?["source_duration"] as? Double, 14)
        XCTAssertEqual(third.summary?["skipped"] as? Int, 28)
        XCTAssertNotEqual(try Data(contentsOf: changed.output.appendingPathComponent(OutputLayout.fingerprint)), before)
        XCTAssertEqual(try OutputTreeCheck.problems(in: changed.output), [])

        // --force converts again what its shard holds, unchanged or not.
        let (_, forced) = try BatchProcess.run(arguments + ["--force", "--shard", "1/10"], in: scratch)
        XCTAssertEqual(forced.titles.compactMap { $0["index"] as? Int }.sorted(), [1, 11, 21])
        XCTAssertEqual(Set(forced.titles.compactMap { $0["status"] as? String }), ["done"])
        XCTAssertEqual(Set(forced.titles.compactMap { $0["reason"] as? String }), ["forced"])
    }

    func testAConfigurationChangeConvertsEveryTitleAgainAndNamesTheReason() throws {
        let catalogue = try BatchCatalogue(count: 4, root: scratch)
        let arguments = ["vod", "--batch", catalogue.jobs.path, "-j", "2"]
        let (firstStatus, first) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(firstStatus, BatchSummary.Exit.ok, first.errors)
        XCTAssertEqual(first.titles.compactMap { $0["durability"] as? String }, Array(repeating: "power", count: 4),
                       "a batch fsyncs its directory outputs unless told otherwise")
        let (_, relaxed) = try BatchProcess.run(arguments + ["--durability", "process"], in: scratch)
        XCTAssertEqual(relaxed.titles.compactMap { $0["reason"] as? String }, Array(repeating: "unchanged", count: 4),
                       "how a title is stored is no reason to convert it again")
        let (status, batch) = try BatchProcess.run(arguments + ["--placement", "overlay", "--durability", "process"], in: scratch)
        XCTAssertEqual(status, BatchSummary.Exit.ok, batch.errors)
        XCTAssertEqual(batch.titles.compactMap { $0["reason"] as? String }, Array(repeating: "configuration changed", count: 4))
        XCTAssertEqual(batch.titles.compactMap { $0["primary_duration"] as? Double }, Array(repeating: BatchCatalogue.seconds, count: 4),
                       "the workers were given the flag too (overlay keeps the breaks in the primary)")
        XCTAssertEqual(batch.titles.compactMap { $0["durability"] as? String }, Array(repeating: "process", count: 4),
                       "and the durability flag")
    }

    func testJobsFromStandardInputAreRelativeToTheWorkingDirectory() throws {
        let catalogue = try BatchCatalogue(count: 2, root: scratch)
        let (status, batch) = try BatchProcess.run(["vod", "--batch", "-"], in: scratch,
                                                   standardInput: try Data(contentsOf: catalogue.jobs))
        XCTAssertEqual(status, BatchSummary.Exit.ok, batch.errors)
        XCTAssertEqual(batch.titles.compactMap { $0["output"] as? String }.sorted(), catalogue.titles.map(\.output.path))
        XCTAssertEqual(Set(batch.titles.compactMap { $0["status"] as? String }), ["done"])
    }

    func testUsageErrorsExitTwoAndAnUnreadableJobsFileExitsOne() throws {
        for (arguments, message) in [
            (["vod", "--batch", "jobs.jsonl", "-o", "out"], "-o/--output does not go with --batch: each title's output is in JOBS"),
            (["vod", "--batch", "jobs.jsonl", "--shard", "4/4"], "shard '4/4' is not INDEX/COUNT with 0 <= INDEX < COUNT (for example 0/4)"),
            (["vod", "--batch", "jobs.jsonl", "-j", "0"], "option '-j': '0' is not a number of titles at once from 1 to 1024"),
        ] {
            let (status, batch) = try BatchProcess.run(arguments, in: scratch)
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertTrue(batch.errors.hasPrefix("pkgctl vod: \(message)\nusage: pkgctl vod "), batch.errors)
        }
        let (status, batch) = try BatchProcess.run(["vod", "--batch", "missing.jsonl"], in: scratch)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(batch.errors.hasPrefix("pkgctl vod: cannot read JOBS 'missing.jsonl': "), batch.errors)
    }
}
