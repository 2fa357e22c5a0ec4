import Foundation
import XCTest
@testable import Packager

/// What a batch does around a title's output directory.
final class TitleOutputTests: XCTestCase {
    func testStagingTreesOfEndedProcessesAreRemovedAndALiveOnesTreeKept() throws {
        let scratch = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("title")
        // A real staging tree, named by StagedDirectorySink for this (live) process.
        let sink = try StagedDirectorySink(destination: output)
        try sink.put(Data("x".utf8), name: "primary/seg_00000.ts", kind: .segment)
        let ended = scratch.appendingPathComponent(".title.tmp-\(Int32.max - 1)-7")
        try FileManager.default.createDirectory(at: ended.appendingPathComponent("primary"), withIntermediateDirectories: true)
        let other = scratch.appendingPathComponent(".titles.tmp-\(Int32.max - 1)-7")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        XCTAssertEqual(StagingLeftovers.sweep([output]), [ended.path])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(),
                       [sink.staging.lastPathComponent, other.lastPathComponent].sorted(), "a live process's tree and another title's stay")
    }

    func testReasonToConvertTellsANewOutputFromOneWithoutOrWithABrokenFingerprint() throws {
        let scratch = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("a.ts")
        try Data("media".utf8).write(to: input)
        let output = scratch.appendingPathComponent("out/a")
        let title = try ResolvedTitle(BatchJob(index: 0, line: 1, input: input.path, output: output.path),
                                      base: PipelineConfiguration(), source: "jobs.jsonl")
        XCTAssertEqual(title.reasonToConvert(force: false), "new")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        XCTAssertEqual(title.reasonToConvert(force: false), "output has no fingerprint")
        let stored = output.appendingPathComponent(OutputLayout.fingerprint)
        try Data("{".utf8).write(to: stored)
        XCTAssertEqual(title.reasonToConvert(force: false), "fingerprint '\(stored.path)': not a JSON object")
        try title.fingerprint().data.write(to: stored)
        XCTAssertNil(title.reasonToConvert(force: false))
        XCTAssertEqual(title.reasonToConvert(force: true), "forced")
    }

    /// A batch stores titles fsynced unless told otherwise, and how a title is stored is not
    /// part of its digest: switching it converts nothing again.
    func testABatchTitleIsFsyncedByDefaultAndItsDurabilityIsNotInTheDigest() throws {
        let job = BatchJob(index: 0, line: 1, input: "/media/a.ts", output: "/out/a")
        let byDefault = try ResolvedTitle(job, base: PipelineConfiguration(), source: "jobs.jsonl")
        XCTAssertEqual(byDefault.durability, .power)
        XCTAssertEqual((try byDefault.makeSink() as? StagedDirectorySink)?.durability, .power)
        var process = PipelineConfiguration()
        process.vod.durability = "process"
        let relaxed = try ResolvedTitle(job, base: process, source: "jobs.jsonl")
        XCTAssertEqual(relaxed.durability, .process)
        XCTAssertEqual((try relaxed.makeSink() as? StagedDirectorySink)?.durability, .process)
        XCTAssertEqual(relaxed.digest, byDefault.digest)
    }
}

