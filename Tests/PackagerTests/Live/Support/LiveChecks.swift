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

    /// How the run offers its spans (see InterstitialPolicy+Live).
    enum Shape {
        /// Own media: SCTE-35 metadata while live, the interstitial once, complete, afterwards.
        case ownAsset
        /// An ad server fills ads: announced in the first version listing the splice segment.
        case adServer
    }

    /// The sample's spans in a run's versions, at the right dates and in the live shape.
    /// `versions` must begin with the first version of the run (its first segment is t = 0).
    static func assertSampleInterstitials(_ versions: [LivePlaylistText], shape: Shape = .ownAsset,
                                          file: StaticString = #filePath, line: UInt = #line) {
        guard let first = versions.first?.segments.first, let origin = first.pdtMillis else {
            return XCTFail("no first segment with PDT", file: file, line: line)
        }
        XCTAssertEqual(first.mediaSequence, 0, "the first captured version is not the first of the run", file: file, line: line)
        let boundaries = Set(versions.flatMap { $0.segments.compactMap(\.pdtMillis) })
        for expected in LiveSampleSpans.all {
            let adServer = shape == .adServer && expected.id.hasPrefix("ad-")
            let expectedStart = origin + Int64((expected.spliceSeconds * 1000).rounded())
            let firstListing = versions.firstIndex { $0.segment(containing: expectedStart) != nil }
            if expected.durationSeconds != nil {
                XCTAssertTrue(boundaries.contains { abs($0 - expectedStart) <= LiveSampleSpans.frameMillis },
                              "\(expected.id): no segment starts within a frame of its splice", file: file, line: line)
            }
            let check = SpanCheck(expected: expected, versions: versions, origin: origin, expectedStart: expectedStart,
                                  firstListing: firstListing, file: file, line: line)
            if adServer { check.adServer() } else { check.ownAsset() }
        }
    }
}

/// One span of the sample checked across a run's versions.
private struct SpanCheck {
    let expected: LiveSampleSpans.Expected
    let versions: [LivePlaylistText]
    let origin: Int64
    let expectedStart: Int64
    let firstListing: Int?
    let file: StaticString
    let line: UInt
    var id: String { expected.id }

    func states(_ id: String) -> [LivePlaylistText.DateRange] { versions.compactMap { $0.range(id) } }

    func assertStart(_ range: LivePlaylistText.DateRange) {
        guard let start = range.startMillis else { return XCTFail("\(range.id) has no START-DATE", file: file, line: line) }
        XCTAssertLessThanOrEqual(abs(start - expectedStart), LiveSampleSpans.frameMillis,
                                 "\(range.id) START-DATE \(start - origin) ms after the first segment, expected \(expectedStart - origin)",
                                 file: file, line: line)
    }

    func assertKeepsCompletion(_ states: [LivePlaylistText.DateRange], _ completed: LivePlaylistText.DateRange) {
        if let firstDone = states.firstIndex(where: { $0.duration != nil }) {
            XCTAssertTrue(states[firstDone...].allSatisfy { $0.duration == completed.duration },
                          "\(completed.id) DURATION dropped or changed after completion", file: file, line: line)
        }
    }

    /// SCTE-35 metadata from the cue (no CLASS), completed at the end; the interstitial appears
    /// once, complete, after the span's asset is stored; a cancelled break never gets one.
    func ownAsset() {
        let metaID = id + "-scte35"
        let meta = states(metaID)
        if let announced = meta.first, let completed = meta.last {
            XCTAssertNil(announced.attributes["CLASS"], "\(metaID) is metadata", file: file, line: line)
            XCTAssertNotNil(announced.attributes["SCTE35-OUT"], "\(metaID) without SCTE35-OUT", file: file, line: line)
            assertStart(announced)
            assertKeepsCompletion(meta, completed)
            if let duration = expected.durationSeconds {
                // The first version waits for three target durations, so a span over by then
                // (the recap at 2–12 s) first appears complete; any other has no DURATION while it airs.
                let end = expectedStart + Int64(duration * 1000) - LiveSampleSpans.frameMillis
                for v in versions where (v.segments.last?.endMillis ?? .max) < end {
                    XCTAssertNil(v.range(metaID)?.duration, "\(metaID) has DURATION before it ended", file: file, line: line)
                }
                XCTAssertEqual(completed.duration ?? -1, duration, accuracy: LiveSampleSpans.frameSeconds, "\(metaID) DURATION",
                               file: file, line: line)
                XCTAssertNotNil(completed.attributes["SCTE35-IN"], "\(metaID) completed without SCTE35-IN", file: file, line: line)
                if let firstListing {
                    XCTAssertNotNil(versions[firstListing].range(metaID), "\(metaID) missing from the first version listing its splice",
                                    file: file, line: line)
                }
            } else {
                XCTAssertEqual(completed.attributes["DURATION"], "0", "\(metaID) cancelled after publication", file: file, line: line)
            }
        } else if expected.durationSeconds != nil {
            XCTFail("\(metaID) never appeared", file: file, line: line)
        }
        let interstitial = states(id)
        guard let duration = expected.durationSeconds else {
            return XCTAssertEqual(interstitial.count, 0, "\(id) was cancelled: no interstitial", file: file, line: line)
        }
        guard let offered = interstitial.first else { return XCTFail("\(id) never became an interstitial", file: file, line: line) }
        XCTAssertTrue(interstitial.allSatisfy { $0 == offered }, "\(id) changed after it was offered", file: file, line: line)
        XCTAssertEqual(offered.attributes["CLASS"], "com.apple.hls.interstitial", file: file, line: line)
        XCTAssertEqual(offered.duration ?? -1, duration, accuracy: LiveSampleSpans.frameSeconds, "\(id) DURATION", file: file, line: line)
        XCTAssertEqual(offered.resumeOffset ?? -1, duration, accuracy: LiveSampleSpans.frameSeconds, "\(id) X-RESUME-OFFSET (overlay)",
                       file: file, line: line)
        XCTAssertTrue(offered.attributes["X-ASSET-URI"]?.hasPrefix("http://127.0.0.1:8000/assets/\(id)/index.m3u8") == true,
                      "\(id) X-ASSET-URI \(offered.attributes["X-ASSET-URI"] ?? "none")", file: file, line: line)
        assertStart(offered)
    }

    /// Announced in exactly the first version that lists the splice segment, without DURATION or
    /// X-RESUME-OFFSET; completed with DURATION and X-PLAYOUT-LIMIT equal; a break cancelled
    /// before its splice is never announced.
    func adServer() {
        let interstitial = states(id)
        guard let duration = expected.durationSeconds else {
            return XCTAssertEqual(interstitial.count, 0, "\(id) was cancelled before its splice: never announced", file: file, line: line)
        }
        guard let announced = interstitial.first, let completed = interstitial.last, let firstListing else {
            return XCTFail("\(id) never appeared", file: file, line: line)
        }
        XCTAssertNotNil(versions[firstListing].range(id), "\(id) missing from the first version listing its splice", file: file, line: line)
        if firstListing > 0 {
            XCTAssertNil(versions[firstListing - 1].range(id), "\(id) announced before its splice segment was listed", file: file, line: line)
        }
        XCTAssertNil(announced.duration, "\(id) first appeared with DURATION", file: file, line: line)
        XCTAssertNil(announced.resumeOffset, "\(id) has X-RESUME-OFFSET", file: file, line: line)
        XCTAssertNotNil(announced.attributes["SCTE35-OUT"], "\(id) announced without SCTE35-OUT", file: file, line: line)
        XCTAssertTrue(announced.attributes["X-ASSET-LIST"]?.hasPrefix("https://ads.example/") == true, file: file, line: line)
        assertStart(announced)
        XCTAssertEqual(completed.duration ?? -1, duration, accuracy: LiveSampleSpans.frameSeconds, "\(id) DURATION", file: file, line: line)
        XCTAssertEqual(completed.playoutLimit, completed.duration, "\(id) X-PLAYOUT-LIMIT", file: file, line: line)
        XCTAssertNil(completed.resumeOffset, "\(id) completed with X-RESUME-OFFSET", file: file, line: line)
        XCTAssertNotNil(completed.attributes["SCTE35-IN"], "\(id) completed without SCTE35-IN", file: file, line: line)
        assertKeepsCompletion(interstitial, completed)
    }
}
