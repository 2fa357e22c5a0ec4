import Foundation
import XCTest
@testable import Packager

/// `VodPipeline.run` on the two sample programmes, TS and fMP4, checked against the samples'
/// ground truth with ffmpeg/ffprobe and the playlist text. Tolerance: one frame per span.
final class VodEndToEndTests: XCTestCase {
    private var runs: [VodRun] = []
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try TestMedia.temporaryDirectory()
    }

    override func tearDown() {
        runs.forEach { $0.cleanUp() }
        try? FileManager.default.removeItem(at: scratch)
    }

    private func run(_ sample: VodSample, _ format: SegmentMuxerFormat, _ placement: Placement = .strip,
                     fileAssetBase: Bool = false) throws -> VodRun {
        let r = try VodRun.make(sample, format: format, placement: placement, fileAssetBase: fileAssetBase)
        runs.append(r)
        return r
    }

    private var everyCombination: [(VodSample, SegmentMuxerFormat)] {
        VodSample.all.flatMap { s in SegmentMuxerFormat.allCases.map { (s, $0) } }
    }

    // MARK: decoding

    func testEverySegmentOfPrimaryAndAssetsDecodesWithoutErrorsAndNoFrameIsLost() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format)
            var frames = 0
            for playlist in ["primary"] + (try r.assetDirectories()) {
                let decoded = try MediaCheck.decodeSegments(of: r.output.appendingPathComponent(playlist + "/index.m3u8"),
                                                            scratch: scratch)
                XCTAssertFalse(decoded.isEmpty, "\(r.label): \(playlist) has segments")
                for d in decoded {
                    XCTAssertEqual(d.errors, "", "\(r.label): \(d.file) decodes without errors")
                    XCTAssertNotNil(d.videoFrames, "\(r.label): \(d.file) frame count")
                    frames += d.videoFrames ?? 0
                }
            }
            // Strip splits the source between primary and assets: every source frame lands once.
            XCTAssertEqual(frames, Int(sample.duration * 30), "\(r.label): frames of primary + assets")
        }
    }

    // MARK: durations and positions

    func testStripPrimaryDurationIsSourceMinusStrippedSpans() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format)
            let tolerance = VodSample.frame * Double(sample.spans.count)
            let playlist = try r.playlist("primary/index.m3u8")
            XCTAssertEqual(playlist.totalDuration, sample.strippedDuration, accuracy: tolerance, "\(r.label): EXTINF sum")
            let json = try r.reportJSON()
            XCTAssertEqual(json["primary_duration"] as? Double ?? .nan, sample.strippedDuration, accuracy: tolerance,
                           "\(r.label): report primary_duration")
            XCTAssertEqual(json["source_duration"] as? Double ?? .nan, sample.duration, accuracy: VodSample.frame,
                           "\(r.label): report source_duration")
        }
    }

    func testOverlayPrimaryDurationIsSourceDuration() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format, .overlay)
            XCTAssertEqual(try r.playlist("primary/index.m3u8").totalDuration, sample.duration, accuracy: VodSample.frame,
                           r.label)
            XCTAssertEqual(try r.reportJSON()["primary_duration"] as? Double ?? .nan, sample.duration,
                           accuracy: VodSample.frame, r.label)
        }
    }

    func testStripInterstitialStartDatesAreSplicesMinusEarlierStrippedSpans() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format)
            let playlist = try r.playlist("primary/index.m3u8")
            let first = try XCTUnwrap(playlist.firstProgramDateTime, r.label)
            let positions = playlist.interstitials.map { range in
                ISOMillis.parse(range["START-DATE"] ?? "").map { $0.timeIntervalSince(first) } ?? .nan
            }
            XCTAssertEqual(positions.count, sample.spans.count, "\(r.label): one interstitial per span")
            for (got, want) in zip(positions, sample.strippedPositions) {
                XCTAssertEqual(got, want, accuracy: VodSample.frame, "\(r.label): START-DATE − first PDT")
            }
        }
    }

    /// The samples run at about 230 kb/s, for which hls.js buffers 600 s ahead: every span starts
    /// within that of the end, so each resumes by X-PLAYOUT-LIMIT (`TailResumeRule`).
    func testOverlayInterstitialStartDatesAreSplicesAndPlayoutLimitsAreSpanLengths() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format, .overlay)
            let playlist = try r.playlist("primary/index.m3u8")
            let first = try XCTUnwrap(playlist.firstProgramDateTime, r.label)
            let ranges = playlist.interstitials
            XCTAssertEqual(ranges.count, sample.spans.count, "\(r.label): one interstitial per span")
            for (range, span) in zip(ranges, sample.spans) {
                let start = ISOMillis.parse(range["START-DATE"] ?? "").map { $0.timeIntervalSince(first) } ?? .nan
                XCTAssertEqual(start, span.start, accuracy: VodSample.frame, "\(r.label) \(range["ID"] ?? "")")
                XCTAssertEqual(Double(range["DURATION"] ?? "") ?? .nan, span.length, accuracy: VodSample.frame,
                               "\(r.label) \(range["ID"] ?? ""): DURATION")
                XCTAssertEqual(Double(range["X-PLAYOUT-LIMIT"] ?? "") ?? .nan, span.length, accuracy: VodSample.frame,
                               "\(r.label) \(range["ID"] ?? ""): X-PLAYOUT-LIMIT")
                XCTAssertNil(range["X-RESUME-OFFSET"], "\(r.label) \(range["ID"] ?? ""): no X-RESUME-OFFSET near the end")
            }
        }
    }

    func testOverlaySpansOutsideTheTailHorizonKeepXResumeOffset() throws {
        // live_scte35 ends at 180 s: with a 100 s horizon the recap (2 s) and the first ad (30 s)
        // start more than 100 s before the end, the ad at 90 s does not.
        let r = try VodRun.make(.live, format: .fmp4, placement: .overlay) { $0.tailResumeHorizon = 100 }
        runs.append(r)
        let ranges = try r.playlist("primary/index.m3u8").interstitials
        XCTAssertEqual(ranges.map { $0["ID"] }, ["recap-2001-1", "ad-1001-1", "ad-3001-1"])
        XCTAssertEqual(ranges.map { $0["X-RESUME-OFFSET"] }, ["10", "30", nil])
        XCTAssertEqual(ranges.map { $0["X-PLAYOUT-LIMIT"] }, [nil, nil, "20"])
        XCTAssertEqual(ranges.map { $0["DURATION"] }, ["10", "30", "20"])
    }

    func testTailHorizonZeroKeepsXResumeOffsetEverywhere() throws {
        let r = try VodRun.make(.stitched, format: .ts, placement: .overlay) { $0.tailResumeHorizon = 0 }
        runs.append(r)
        let ranges = try r.playlist("primary/index.m3u8").interstitials
        XCTAssertEqual(ranges.map { $0["X-RESUME-OFFSET"] }, ["15", "30"])
        XCTAssertEqual(ranges.map { $0["X-PLAYOUT-LIMIT"] }, [nil, nil])
    }

    func testAssetPlaylistDurationsEqualSpanLengths() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format)
            let assets = try r.assetDirectories()
            XCTAssertEqual(assets.count, sample.spans.count, r.label)
            for (asset, span) in zip(assets, sample.spans) {
                let playlist = try r.playlist(asset + "/index.m3u8")
                XCTAssertEqual(playlist.totalDuration, span.length, accuracy: VodSample.frame, "\(r.label) \(asset)")
                XCTAssertTrue(playlist.lines.contains("#EXT-X-ENDLIST"), "\(r.label) \(asset) is VOD")
                XCTAssertTrue(playlist.interstitials.isEmpty, "\(r.label) \(asset) schedules no interstitials")
            }
        }
    }

    // MARK: multivariant playlist

    func testMasterCodecsResolutionAndFrameRateMatchFFprobe() throws {
        for (sample, format) in everyCombination {
            let r = try run(sample, format)
            let streams = try MediaCheck.streams(of: sample.url)
            let video = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "video" }, r.label)
            let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" }, r.label)
            let sps = try XCTUnwrap(try MediaCheck.spsBytes(of: sample.url, scratch: scratch), "\(r.label): SPS")
            // ffprobe and the SPS agree on what the stream is …
            XCTAssertEqual(video["profile"] as? String, "High", r.label)
            XCTAssertEqual(sps[0], 0x64, "\(r.label): High profile_idc")
            XCTAssertEqual(Int(sps[2]), video["level"] as? Int, "\(r.label): level_idc")
            XCTAssertEqual(audio["codec_name"] as? String, "aac", r.label)
            XCTAssertEqual(audio["profile"] as? String, "LC", r.label)
            // … and the master says the same.
            let expectedCodecs = String(format: "avc1.%02x%02x%02x", sps[0], sps[1], sps[2]) + ",mp4a.40.2"
            let master = try String(contentsOf: r.output.appendingPathComponent("master.m3u8"), encoding: .utf8)
            let inf = try XCTUnwrap(master.split(separator: "\n").first { $0.hasPrefix("#EXT-X-STREAM-INF:") }, r.label)
            let attributes = AttributeList.parse(String(inf.dropFirst("#EXT-X-STREAM-INF:".count)))
            // RFC 6381 hex digits are case-insensitive.
            XCTAssertEqual(attributes["CODECS"]?.lowercased(), expectedCodecs, r.label)
            XCTAssertEqual(attributes["RESOLUTION"], "\(video["width"] as? Int ?? 0)x\(video["height"] as? Int ?? 0)", r.label)
            let rate = (video["r_frame_rate"] as? String ?? "").split(separator: "/").compactMap { Double($0) }
            XCTAssertEqual(rate.count, 2, r.label)
            XCTAssertEqual(Double(attributes["FRAME-RATE"] ?? "") ?? .nan, rate[0] / rate[1], accuracy: 0.0005, r.label)
        }
    }

    // MARK: validator and timeline

    func testValidatorReportsNoErrorsForStripAndOverlayInTSAndFMP4() throws {
        for (sample, format) in everyCombination {
            for placement in Placement.allCases {
                let r = try run(sample, format, placement)
                let findings = try PlaylistValidator.validate(
                    path: r.output.path, maps: [URLMapping.parse("http://127.0.0.1:8000/=" + r.output.path)])
                let errors = findings.filter { $0.severity == .error }
                XCTAssertEqual(errors.map { "\($0.file):\($0.line) \($0.rule) \($0.message)" }, [], r.label)
            }
        }
    }

    func testOverlayPrimaryKeepsEveryFrameOfTheSource() throws {
        for format in SegmentMuxerFormat.allCases {
            let sample = VodSample.live
            let r = try run(sample, format, .overlay)
            let decoded = try MediaCheck.decodeSegments(of: r.primaryPlaylist, scratch: scratch)
            XCTAssertEqual(decoded.filter { !$0.errors.isEmpty }.map { "\($0.file): \($0.errors)" }, [], r.label)
            let sourceFrames = try XCTUnwrap(try MediaCheck.videoPacketCount(of: sample.url))
            XCTAssertEqual(sourceFrames, 5400, "180 s at 30 fps")
            XCTAssertEqual(decoded.reduce(0) { $0 + ($1.videoFrames ?? 0) }, sourceFrames, r.label)
        }
    }

    func testIntegratedTimelineMatchesSpanTruth() throws {
        let frameNanos = Double(DecimalSeconds.nanosPerSecond) / 30
        func seconds(_ nanos: Int64) -> Double { Double(nanos) / Double(DecimalSeconds.nanosPerSecond) }
        for (sample, format) in everyCombination {
            for placement in Placement.allCases {
                let r = try run(sample, format, placement, fileAssetBase: true)
                let snapshot = IntegratedTimeline.snapshot(of: try TimelineLoader().load(.file(r.primaryPlaylist.path)))
                let tolerance = frameNanos * Double(sample.spans.count) / Double(DecimalSeconds.nanosPerSecond)
                // What the viewer sits through is the playout timeline (the integrated one
                // gives POINT interstitials zero width, as hls.js and AVFoundation do).
                XCTAssertEqual(seconds(snapshot.playoutDurationNanos), sample.duration, accuracy: tolerance,
                               "\(r.label): playout duration")
                let primary = placement == .strip ? sample.strippedDuration : sample.duration
                XCTAssertEqual(seconds(snapshot.primaryDurationNanos), primary, accuracy: tolerance,
                               "\(r.label): primary duration")
                let played = snapshot.segments.filter { $0.kind == .interstitial }
                XCTAssertEqual(played.count, sample.spans.count, r.label)
                let positions = placement == .strip ? sample.strippedPositions : sample.spans.map(\.start)
                for ((segment, span), position) in zip(zip(played, sample.spans), positions) {
                    let what = "\(r.label) \(segment.id ?? "?")"
                    XCTAssertEqual(seconds(segment.playoutStartNanos), span.start, accuracy: VodSample.frame, "\(what): start")
                    XCTAssertEqual(seconds(segment.playoutEndNanos), span.end, accuracy: VodSample.frame, "\(what): end")
                    XCTAssertEqual(seconds(segment.primaryStartNanos), position, accuracy: VodSample.frame,
                                   "\(what): primary position")
                }
            }
        }
    }
}
