import Foundation
import XCTest
@testable import Packager

/// `pkgctl vod --batch JOBS --list`: each title's line says what a run would do with it, the
/// durability its output would be stored with included.
final class BatchListingTests: XCTestCase {
    private let list = BatchJobList(
        text: [#"{"input": "in/a.ts", "output": "out/a"}"#,
               #"{"input": "in/b.ts", "output": "https://origin.example/vod/b/"}"#,
               "{broken"].joined(separator: "\n"),
        source: "jobs.jsonl", baseDirectory: URL(fileURLWithPath: "/srv/catalogue", isDirectory: true))

    private func listed(_ base: PipelineConfiguration) throws -> [[String: Any]] {
        try BatchListing.lines(list.entries, list: list, base: base).lines.map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testADirectoryTitleIsListedWithPowerByDefaultAndAnOriginTitleWithNone() throws {
        let titles = try listed(PipelineConfiguration())
        XCTAssertEqual(titles.map { $0["status"] as? String }, ["listed", "listed", "invalid"])
        XCTAssertEqual(titles[0]["durability"] as? String, "power")
        XCTAssertTrue(titles[1]["durability"] is NSNull, "an http(s) origin stores what it is sent as it will")
        XCTAssertTrue(titles[2]["durability"] is NSNull, "a line that does not resolve has no settings")
    }

    func testTheBatchConfigurationsDurabilityIsTheOneListed() throws {
        var base = PipelineConfiguration()
        base.vod.durability = "process"
        let titles = try listed(base)
        XCTAssertEqual(titles[0]["durability"] as? String, "process")
        XCTAssertTrue(titles[1]["durability"] is NSNull)
    }
}
