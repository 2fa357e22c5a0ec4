import Foundation
import XCTest
@testable import Packager

/// What samples/live_scte35.ts signals, in seconds from its first video PTS (324126000).
enum LiveSampleSpans {
    struct Expected {
        let id: String
        let spliceSeconds: Double
        /// nil: cancelled after it was published (completed as zero-length).
        let durationSeconds: Double?
    }

    static let all: [Expected] = [
        Expected(id: "recap-2001-1", spliceSeconds: 2, durationSeconds: 10),
        Expected(id: "ad-1001-1", spliceSeconds: 30, durationSeconds: 30),
        Expected(id: "ad-3001-1", spliceSeconds: 90, durationSeconds: 20),
        Expected(id: "ad-1002-1", spliceSeconds: 140, durationSeconds: nil),
    ]

    /// One frame at 30 fps in milliseconds (3000 ticks), plus 1 ms for millisecond rounding of PDTs.
    static let frameMillis: Int64 = 34
    static let frameSeconds = 1.0 / 30 + 0.0005
}

/// Checks shared by the live end-to-end and fault tests.
enum LiveChecks {
    static func assetMap(_ output: URL) throws -> [URLMapping] {
        [try URLMapping.parse("http://127.0.0.1:8000/=\(output.path)")]
    }

    static func errors(_ findings: [Finding]) -> [String] {
        findings.filter { $0.severity == .error }.map { "\(($0.file as NSString).lastPathComponent):\($0.line) [\($0.rule.rawValue)] \($0.message)" }
    }

    /// Every version alone passes PlaylistValidator, and the sequence passes LiveVersionValidator.
    static func assertVersionsValid(_ versions: [PlaylistVersionRecorder.Version], maps: [URLMapping],
                                    ignoring ignored: Set<RuleID> = [], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertGreaterThanOrEqual(versions.count, 2, "too few playlist versions captured", file: file, line: line)
        var single: [String] = []
        for version in versions {
            let findings = try PlaylistValidator.validate(path: version.path, maps: maps)
            single += errors(findings.filter { !ignored.contains($0.rule) })
        }
        XCTAssertEqual(single, [], "PlaylistValidator errors in captured versions", file: file, line: line)
        guard versions.count >= 2 else { return }
        let live = try LiveVersionValidator.validate(paths: versions.map(\.path), maps: maps)
        XCTAssertEqual(errors(live.filter { !ignored.contains($0.rule) }), [],
                       "LiveVersionValidator errors across \(versions.count) versions", file: file, line: line)
    }

    /// Media sequence and discontinuity sequence never go back; a URI always names the same
    /// segment (same EXTINF, same PDT) in every version that lists it.
    static func assertSequencesMonotonic(_ versions: [LivePlaylistText], file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in zip(versions, versions.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.mediaSequence, a.mediaSequence, "media sequence went back", file: file, line: line)
            XCTAssertGreaterThanOrEqual(b.discontinuitySequence, a.discontinuitySequence, file: file, line: line)
        }
        var byURI: [String: LivePlaylistText.Segment] = [:]
        for version in versions {
            for segment in version.segments {
                if let known = byURI[segment.uri] {
                    XCTAssertEqual(known.duration, segment.duration, "\(segment.uri) changed EXTINF", file: file, line: line)
                    XCTAssertEqual(known.pdtMillis, segment.pdtMillis, "\(segment.uri) changed PDT", file: file, line: line)
                    XCTAssertEqual(known.mediaSequence, segment.mediaSequence, "\(segment.uri) changed sequence number",
                                   file: file, line: line)
                } else {
                    byURI[segment.uri] = segment
                }
            }
        }
    }

    /// The interstitials of the sample, announced then completed, at the right dates.
    /// `versions` must begin with the first version of the run (its first segment is t = 0).
    static func assertSampleInterstitials(_ versions: [LivePlaylistText], file: StaticString = #filePath, line: UInt = #line) {
        guard let first = versions.first?.segments.first, let origin = first.pdtMillis else {
            return XCTFail("no first segment with PDT", file: file, line: line)
        }
        XCTAssertEqual(first.mediaSequence, 0, "the first captured version is not the first of the run", file: file, line: line)
        let boundaries = Set(versions.flatMap { $0.segments.compactMap(\.pdtMillis) })
        for expected in LiveSampleSpans.all {
            let id = expected.id
            let states = versions.compactMap { $0.range(id) }
            guard let announced = states.first, let completed = states.last else {
                XCTFail("\(id) never appeared", file: file, line: line)
                continue
            }
            XCTAssertNil(announced.duration, "\(id) first appeared with DURATION=\(announced.attributes["DURATION"] ?? "")",
                         file: file, line: line)
            XCTAssertNil(announced.resumeOffset, "\(id) first appeared with X-RESUME-OFFSET", file: file, line: line)
            XCTAssertNotNil(announced.attributes["SCTE35-OUT"], "\(id) announced without SCTE35-OUT", file: file, line: line)
            // START-DATE = PDT of the splice point; pkgctl cuts a segment boundary there.
            let expectedStart = origin + Int64((expected.spliceSeconds * 1000).rounded())
            if let start = announced.startMillis {
                XCTAssertLessThanOrEqual(abs(start - expectedStart), LiveSampleSpans.frameMillis,
                                         "\(id) START-DATE \(start - origin) ms after the first segment, expected \(expectedStart - origin)",
                                         file: file, line: line)
                if expected.durationSeconds != nil {
                    XCTAssertTrue(boundaries.contains { abs($0 - start) <= LiveSampleSpans.frameMillis },
                                  "\(id): no segment starts within a frame of its START-DATE", file: file, line: line)
                }
                // Announced no later than the first version listing the segment with the splice.
                if let firstListing = versions.firstIndex(where: { $0.segment(containing: start) != nil }) {
                    XCTAssertNotNil(versions[firstListing].range(id),
                                    "\(id) missing from the first version that lists its splice segment", file: file, line: line)
                } else {
                    XCTFail("\(id): no version lists the segment with its splice", file: file, line: line)
                }
            } else {
                XCTFail("\(id) has no START-DATE", file: file, line: line)
            }
            if let duration = expected.durationSeconds {
                XCTAssertEqual(completed.duration ?? -1, duration, accuracy: LiveSampleSpans.frameSeconds,
                               "\(id) DURATION", file: file, line: line)
                XCTAssertNotNil(completed.resumeOffset, "\(id) completed without X-RESUME-OFFSET", file: file, line: line)
                XCTAssertNotNil(completed.attributes["SCTE35-IN"], "\(id) completed without SCTE35-IN", file: file, line: line)
            } else {
                XCTAssertEqual(completed.attributes["DURATION"], "0", "\(id) cancelled after publication", file: file, line: line)
                XCTAssertEqual(completed.attributes["X-PLAYOUT-LIMIT"], "0", "\(id) X-PLAYOUT-LIMIT", file: file, line: line)
            }
            // Once completed, every later version carrying the ID keeps the completion.
            if let firstDone = states.firstIndex(where: { $0.duration != nil }) {
                XCTAssertTrue(states[firstDone...].allSatisfy { $0.duration == completed.duration },
                              "\(id) DURATION dropped or changed after completion", file: file, line: line)
            }
        }
    }
}
