import Foundation
import XCTest
@testable import Packager

/// `--shard INDEX/COUNT`: every title in exactly one shard, by its position among the title lines.
final class BatchShardTests: XCTestCase {
    private func list(_ count: Int, blankEvery: Int = 4) -> BatchJobList {
        var lines: [String] = []
        for i in 0..<count {
            if i % blankEvery == 0 { lines.append("") }
            lines.append(i == 5 ? "{broken" : #"{"input": "in/\#(i).ts", "output": "out/\#(i)"}"#)
        }
        return BatchJobList(text: lines.joined(separator: "\n"), source: "jobs.jsonl",
                            baseDirectory: URL(fileURLWithPath: "/srv/catalogue", isDirectory: true))
    }

    func testShardsOfOneThreeAndSevenPartitionThirtyTitlesExactlyAndEvenly() throws {
        let entries = list(30).entries
        XCTAssertEqual(entries.map(\.index), Array(0..<30), "blank lines do not count")
        for count in [1, 3, 7] {
            let shards = try (0..<count).map { try BatchShard(parsing: "\($0)/\(count)").select(entries).map(\.index) }
            XCTAssertEqual(shards.flatMap { $0 }.sorted(), Array(0..<30), "n = \(count): every title exactly once")
            XCTAssertLessThanOrEqual((shards.map(\.count).max() ?? 0) - (shards.map(\.count).min() ?? 0), 1)
            for (i, shard) in shards.enumerated() { XCTAssertTrue(shard.allSatisfy { $0 % count == i }) }
        }
    }

    func testAppendingTitlesNeverMovesAnExistingTitleToAnotherShard() throws {
        let shard = try BatchShard(parsing: "2/7")
        let before = shard.select(list(30).entries).map(\.line)
        let after = shard.select(list(45).entries).map(\.line)
        XCTAssertEqual(Array(after.prefix(before.count)), before)
    }

    func testShardTextMustBeIndexBelowCount() {
        for bad in ["3/3", "-1/3", "1", "a/3", "1/0", "1/3/4", ""] {
            XCTAssertThrowsError(try BatchShard(parsing: bad), bad) { error in
                XCTAssertEqual(error as? BatchError, .badShard(bad))
            }
        }
        XCTAssertEqual(try BatchShard(parsing: "0/1"), .whole)
    }

    /// The real flag parser and listing: the same partition from `pkgctl vod --batch … --list`.
    func testListingThroughTheCommandLinePartitionsTheJobsFile() throws {
        let scratch = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jobs = scratch.appendingPathComponent("jobs.jsonl")
        let lines = (0..<30).map { #"{"input": "https://media.example.com/\#($0).ts", "output": "https://origin.example.com/vod/\#($0)/"}"# }
        try lines.joined(separator: "\n").write(to: jobs, atomically: true, encoding: .utf8)
        for count in [1, 3, 7] {
            var seen: [Int] = []
            for index in 0..<count {
                let (status, batch) = try BatchProcess.run(["vod", "--batch", jobs.path, "--shard", "\(index)/\(count)", "--list"],
                                                           in: scratch)
                XCTAssertEqual(status, 0, batch.errors)
                XCTAssertEqual(Set(batch.titles.compactMap { $0["status"] as? String }), ["listed"])
                seen += batch.titles.compactMap { $0["index"] as? Int }
            }
            XCTAssertEqual(seen.sorted(), Array(0..<30), "n = \(count)")
        }
    }
}
