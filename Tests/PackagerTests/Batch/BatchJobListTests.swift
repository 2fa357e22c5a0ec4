import Foundation
import XCTest
@testable import Packager

/// Reading JOBS: one title per line, relative paths against the JOBS file, bad lines failing alone.
final class BatchJobListTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/srv/catalogue", isDirectory: true)

    private func parse(_ lines: [String]) -> [BatchEntry] {
        BatchJobList(text: lines.joined(separator: "\n"), source: "jobs.jsonl", baseDirectory: base).entries
    }

    func testRelativePathsAreRelativeToTheJobsFileAndURLsStayAsWritten() throws {
        let entries = parse([
            #"{"input": "in/a.ts", "output": "../www/a", "config": "a.json", "sidecar": "/cues/a.txt", "start_date": "2026-01-01T20:00:00Z"}"#,
            #"{"input": "https://media.example.com/b.ts?sig=1", "output": "http://origin.example.com/vod/b", "asset_base_url": "https://cdn.example.com/vod/b"}"#,
        ])
        let a = try XCTUnwrap(entries.first?.job)
        XCTAssertEqual(a.input, "/srv/catalogue/in/a.ts")
        XCTAssertEqual(a.output, "/srv/www/a")
        XCTAssertEqual(a.config, "/srv/catalogue/a.json")
        XCTAssertEqual(a.sidecar, "/cues/a.txt")
        XCTAssertEqual(a.startDate, ISODate.parse("2026-01-01T20:00:00Z"))
        XCTAssertEqual(a.line, 1)
        let b = try XCTUnwrap(entries.last?.job)
        XCTAssertEqual(b.input, "https://media.example.com/b.ts?sig=1")
        XCTAssertEqual(b.output, "http://origin.example.com/vod/b/", "an origin prefix ends in /")
        XCTAssertEqual(b.assetBaseURL?.absoluteString, "https://cdn.example.com/vod/b/")
    }

    func testABadLineFailsAloneKeepsItsPlaceAndNamesFileLineAndKey() {
        let entries = parse([
            #"{"input": "a.ts", "output": "out/a"}"#,
            "",
            #"{"input": "b.ts", "outptu": "out/b"}"#,
            #"{"input": "c.ts"}"#,
            "[1, 2]",
            #"{"input": "s3://bucket/d.ts", "output": "out/d"}"#,
            #"{"input": "e.ts", "output": "out/e", "start_date": "yesterday"}"#,
            #"{"input": "f.ts", "output": "out/f"}"#,
        ])
        XCTAssertEqual(entries.map(\.index), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(entries.map(\.line), [1, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(entries.map { $0.job == nil }, [false, true, true, true, true, true, false])
        XCTAssertEqual(entries[1].problem, "jobs.jsonl:3: outptu: unknown key (known here: input, output, config, start_date, sidecar, asset_base_url)")
        XCTAssertEqual(entries[2].problem, "jobs.jsonl:4: output: missing: a directory or an http(s) origin prefix")
        XCTAssertEqual(entries[3].problem, "jobs.jsonl:5: expected an object, found an array")
        XCTAssertEqual(entries[4].problem,
                       "jobs.jsonl:6: input: 's3://bucket/d.ts' is neither a path nor an http(s) URL (object storage: use its https endpoint)")
        XCTAssertEqual(entries[5].problem, "jobs.jsonl:7: start_date: 'yesterday' is not an ISO 8601 date-time")
    }

    func testASecondTitleWithTheSameOutputFailsNamingTheFirst() {
        let entries = parse([
            #"{"input": "a.ts", "output": "out/a"}"#,
            #"{"input": "b.ts", "output": "out/../out/a"}"#,
        ])
        XCTAssertNotNil(entries[0].job)
        XCTAssertEqual(entries[1].problem, "jobs.jsonl:2: output '/srv/catalogue/out/a' is already the output of line 1")
    }

    func testAWorkerParsesItsAssignmentToTheSameJob() throws {
        let list = BatchJobList(text: "\n" + #"{"input": "a.ts", "output": "out/a", "start_date": "2026-01-01T20:00:00Z"}"#,
                                source: "jobs.jsonl", baseDirectory: base)
        let entry = try XCTUnwrap(list.entries.first)
        let assignment = try BatchWorkerAssignment(json: BatchWorkerAssignment(entry: entry, list: list).json)
        XCTAssertEqual(assignment.entry, entry)
    }
}
