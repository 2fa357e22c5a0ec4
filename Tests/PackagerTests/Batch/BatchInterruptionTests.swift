import Foundation
import XCTest
@testable import Packager
#if canImport(Glibc)
import Glibc
#endif

/// Killing a batch, or one of its workers, never leaves a half-written title, and the next run
/// completes what was left.
final class BatchInterruptionTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func waitUntilEnded(_ pids: [pid_t], timeout: Double = 10) -> [pid_t] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if pids.allSatisfy(ProcTable.hasEnded) { return [] }
            usleep(5_000)
        }
        return pids.filter { !ProcTable.hasEnded($0) }
    }

    func testBatchKilledMidRunLeavesOnlyWholeTitlesAndTheRerunConvertsTheRest() throws {
        let catalogue = try BatchCatalogue(count: 30, root: scratch)
        let arguments = ["vod", "--batch", catalogue.jobs.path, "-j", "2"]
        let batch = try BatchProcess(arguments, directory: scratch)
        XCTAssertTrue(batch.waitForLines(6, timeout: 60), batch.errors)
        // Kill while a worker is writing its staging tree beside the outputs.
        let out = scratch.appendingPathComponent("out").path
        var workers: [pid_t] = []
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            workers = batch.workers()
            let staging = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).contains { $0.hasPrefix(".") }
            if !workers.isEmpty && staging { break }
            usleep(500)
        }
        XCTAssertFalse(workers.isEmpty, "workers were converting when the batch was killed")
        kill(batch.pid, SIGKILL)
        batch.waitForExit()
        XCTAssertEqual(waitUntilEnded(workers), [], "workers stop when their batch is gone (the stdin lifeline)")

        let reported = batch.titles.filter { $0["status"] as? String == "done" }.compactMap { $0["index"] as? Int }
        XCTAssertLessThan(reported.count, 29, "killed mid-run")
        var whole: [Int] = []
        for title in catalogue.titles where FileManager.default.fileExists(atPath: title.output.path) {
            XCTAssertEqual(try OutputTreeCheck.problems(in: title.output), [], "title \(title.index) is whole or absent")
            whole.append(title.index)
        }
        XCTAssertTrue(Set(reported).isSubset(of: whole), "every title reported done is published")

        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") }
        let (status, rerun) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(status, BatchSummary.Exit.failed)
        let results = Dictionary(rerun.titles.map { ($0["index"] as? Int ?? -1, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(results.count, 30)
        for title in catalogue.titles {
            let status = results[title.index]?["status"] as? String
            if title.unreadable { XCTAssertEqual(status, "failed"); continue }
            XCTAssertEqual(status, whole.contains(title.index) ? "skipped" : "done", "title \(title.index)")
            XCTAssertEqual(try OutputTreeCheck.problems(in: title.output), [], "title \(title.index)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "the killed workers' staging trees were removed")
        XCTAssertEqual(rerun.summary?["staging_removed"] as? Int, leftovers.count)
    }

    func testAKilledWorkerFailsOnlyItsTitleAndTheNextRunConvertsIt() throws {
        let catalogue = try BatchCatalogue(count: 6, root: scratch)
        let arguments = ["vod", "--batch", catalogue.jobs.path, "-j", "1"]
        let batch = try BatchProcess(arguments, directory: scratch)
        var victim: (pid: pid_t, index: Int)?
        let deadline = Date(timeIntervalSinceNow: 30)
        while victim == nil && Date() < deadline {
            for pid in batch.workers() {
                let command = ProcTable.commandLine(pid)
                guard let at = command.firstIndex(of: "--batch-worker"), at + 1 < command.count,
                      let assignment = try? BatchWorkerAssignment(json: command[at + 1]) else { continue }
                kill(pid, SIGKILL)
                victim = (pid, assignment.index)
                break
            }
            if victim == nil { usleep(500) }
        }
        let killed = try XCTUnwrap(victim, "no worker seen")
        XCTAssertEqual(batch.waitForExit(), BatchSummary.Exit.failed)
        let results = Dictionary(batch.titles.map { ($0["index"] as? Int ?? -1, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(results.count, 6)
        for title in catalogue.titles {
            let result = try XCTUnwrap(results[title.index])
            if title.index == killed.index {
                XCTAssertEqual(result["status"] as? String, "failed")
                XCTAssertEqual((result["error"] as? String)?.hasPrefix("worker killed by signal 9 (SIGKILL)"), true, "\(result)")
            } else {
                XCTAssertEqual(result["status"] as? String, "done", "title \(title.index): \(result)")
            }
        }
        let (status, rerun) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(status, BatchSummary.Exit.ok, rerun.errors)
        XCTAssertEqual(rerun.titles.filter { $0["status"] as? String == "done" }.compactMap { $0["index"] as? Int }, [killed.index])
        XCTAssertEqual(try OutputTreeCheck.problems(in: catalogue.titles[killed.index].output), [])
    }

    func testSIGTERMStopsTheBatchWithExit130AndReportsWhatItDidNotStart() throws {
        let catalogue = try BatchCatalogue(count: 30, root: scratch)
        let batch = try BatchProcess(["vod", "--batch", catalogue.jobs.path, "-j", "2"], directory: scratch)
        XCTAssertTrue(batch.waitForLines(3, timeout: 60), batch.errors)
        let workers = batch.workers()
        kill(batch.pid, SIGTERM)
        XCTAssertEqual(batch.waitForExit(), BatchSummary.Exit.interrupted, batch.errors)
        XCTAssertEqual(waitUntilEnded(workers), [])
        let summary = try XCTUnwrap(batch.summary)
        XCTAssertEqual(summary["interrupted_by"] as? String, "SIGTERM")
        let reported = batch.titles.count
        XCTAssertEqual(summary["not_started"] as? Int, 30 - reported)
        XCTAssertGreaterThan(summary["not_started"] as? Int ?? 0, 0)
        for result in batch.titles where result["status"] as? String == "failed" && result["index"] as? Int != BatchCatalogue.unreadable {
            XCTAssertEqual((result["error"] as? String)?.hasPrefix("interrupted by SIGTERM: worker killed by signal 15"), true, "\(result)")
        }
        for title in catalogue.titles where FileManager.default.fileExists(atPath: title.output.path) {
            XCTAssertEqual(try OutputTreeCheck.problems(in: title.output), [], "title \(title.index)")
        }
    }
}
