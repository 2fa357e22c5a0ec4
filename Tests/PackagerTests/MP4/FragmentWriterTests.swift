import XCTest
@testable import Packager

/// `FragmentWriter`'s fragments against libavformat's mp4 muxer on the same packets: the same
/// init segment and every segment byte for byte, with our writer taking over after the first.
/// Packets come from pkgctl's demuxer; a segment starts at each video keyframe.
final class FragmentWriterTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private struct Output: Equatable {
        var initSegment: Data?
        var segments: [Data]
    }

    /// - Parameter mismatch: our writer's first fragment is taken as differing from libavformat's.
    private func mux(_ url: URL, own: Bool, fragmentSeconds: Double? = nil, mismatch: Bool = false) throws -> (output: Output, ownFragments: Bool) {
        let demuxer = try MediaDemuxer(url: url.path)
        let streams = demuxer.streams.filter { $0.kind == .video || $0.kind == .audio }.map(\.index)
        let video = demuxer.streams.first { $0.kind == .video }?.index
        let snapshot = try CodecParametersSnapshot(demuxer: demuxer, streams: streams)
        let muxer = try SegmentMuxer(format: .fmp4, parameters: snapshot, streams: streams, label: url.lastPathComponent,
                                     ownFragments: own, fragmentSeconds: fragmentSeconds)
        if mismatch { muxer.fragmentsMatch = { _, _ in false } }
        var segments: [Data] = []
        var open = false
        while true {
            guard let packet = DemuxedPacket() else { throw CocoaError(.fileReadUnknown) }
            guard try demuxer.read(into: packet) else { break }
            guard let output = streams.firstIndex(of: packet.streamIndex) else { continue }
            if packet.streamIndex == video, packet.isKeyframe {
                if open { segments.append(try muxer.endSegment()) }
                try muxer.beginSegment()
                open = true
            }
            if open { try muxer.write(packet, output: output, shiftTicks: 0) }
        }
        if open { segments.append(try muxer.endSegment()) }
        return (Output(initSegment: muxer.initSegment, segments: segments), muxer.writesOwnFragments)
    }

    private func assertOwnFragmentsMatchTheMuxer(_ url: URL, segments: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let ours = try mux(url, own: true)
        let theirs = try mux(url, own: false)
        XCTAssertTrue(ours.ownFragments, "our writer did not take over", file: file, line: line)
        XCTAssertFalse(theirs.ownFragments, file: file, line: line)
        XCTAssertEqual(ours.output.segments.count, segments, file: file, line: line)
        XCTAssertEqual(ours.output.initSegment, theirs.output.initSegment, file: file, line: line)
        XCTAssertEqual(ours.output.segments.count, theirs.output.segments.count, file: file, line: line)
        for (i, pair) in zip(ours.output.segments, theirs.output.segments).enumerated() {
            XCTAssertTrue(pair.0 == pair.1, "segment \(i) differs (\(pair.0.count) vs \(pair.1.count) bytes)", file: file, line: line)
        }
    }

    /// Two pictures by hand: a keyframe shown 1000 ticks after its decode, then a P-frame.
    private func handMadeFragment(keepsBytes: Bool = true) throws -> (FragmentWriter, Data) {
        let track = FragmentTrack(id: 1, kind: .video, payload: .annexB, frameDuration: 0)
        track.keepsBytes = keepsBytes
        let writer = FragmentWriter(tracks: [track])
        try [UInt8]([0, 0, 0, 1, 0x65, 0xAA]).withUnsafeBytes { try track.add($0, pts: 1000, dts: 0, duration: 500, key: true) }
        try [UInt8]([0, 0, 1, 0x41, 0xBB, 0xCC]).withUnsafeBytes { try track.add($0, pts: 500, dts: 500, duration: 500, key: false) }
        XCTAssertTrue(writer.finish())
        var bytes = Data()
        if keepsBytes { try writer.write { bytes.append(contentsOf: $0) } }
        return (writer, bytes)
    }

    private func hex(_ text: String) -> Data {
        let digits = Array(text.filter(\.isHexDigit))
        return Data(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 })
    }

    /// moof (mfhd 1; traf: tfhd with default-base-is-moof and the first sample's duration and
    /// size, the second's flags as defaults; tfdt 0; trun with sizes, the keyframe's own flags
    /// and composition offsets, data at 128 = moof + mdat header), then the length-prefixed mdat.
    func testAFragmentHasTheMuxersBoxesAndFields() throws {
        let expected = hex("""
            00000078 6d6f6f66  00000010 6d666864 00000000 00000001
            00000060 74726166
            0000001c 74666864 00020038 00000001 000001f4 00000006 01010000
            00000014 74666474 01000000 00000000 00000000
            00000028 7472756e 00000a05 00000002 00000080 02000000 00000006 000003e8 00000007 00000000
            00000015 6d646174 00000002 65aa 00000003 41bbcc
            """)
        XCTAssertEqual(try handMadeFragment().1, expected)
    }

    /// Following the muxer, the writer counts samples without their bytes and compares what it
    /// would have written: one byte off, or a size off, and the muxer keeps writing.
    func testTheCheckAgainstTheMuxerNeedsTheSameHeaderAndSize() throws {
        let (_, bytes) = try handMadeFragment()
        XCTAssertTrue(try handMadeFragment(keepsBytes: false).0.closedFragmentMatches(bytes))
        var flipped = bytes
        flipped[70] ^= 1
        XCTAssertFalse(try handMadeFragment(keepsBytes: false).0.closedFragmentMatches(flipped))
        XCTAssertFalse(try handMadeFragment(keepsBytes: false).0.closedFragmentMatches(bytes + [0]))
    }

    func testTheSampleChannelsFragmentsAreTheMuxers() throws {
        try assertOwnFragmentsMatchTheMuxer(TestMedia.liveTS, segments: 90)
    }

    /// Live's 1 s fragments when our writer's first fragment is not libavformat's: the first
    /// segment keeps libavformat's first fragment (split off for the init segment) and gets the
    /// rest of itself from libavformat as one more fragment; libavformat writes every later
    /// segment, one fragment each. The samples are those of one fragment per segment.
    func testAFirstFragmentThatDiffersLeavesLibavformatWritingTheSameSamples() throws {
        let fallback = try mux(TestMedia.liveTS, own: true, fragmentSeconds: 1, mismatch: true)
        let whole = try mux(TestMedia.liveTS, own: false)
        XCTAssertFalse(fallback.ownFragments)
        XCTAssertEqual(fallback.output.initSegment, whole.output.initSegment)
        XCTAssertEqual(fallback.output.segments.count, 90)
        // 2 s segments (a keyframe every 2 s): the first in two fragments, the others in one.
        XCTAssertEqual(fallback.output.segments.map(FragmentedMP4Probe.fragments), [2] + Array(repeating: 1, count: 89))
        XCTAssertEqual(whole.output.segments.map(FragmentedMP4Probe.fragments), Array(repeating: 1, count: 90))
        let initSegment = try XCTUnwrap(whole.output.initSegment)
        let expected = try FragmentedMP4Probe.packets(initSegment: initSegment, segments: whole.output.segments,
                                                      scratch: dir.appendingPathComponent("whole.mp4"))
        XCTAssertGreaterThan(expected.count, 10_000)
        XCTAssertEqual(try FragmentedMP4Probe.packets(initSegment: initSegment, segments: fallback.output.segments,
                                                      scratch: dir.appendingPathComponent("fallback.mp4")), expected)
    }

    /// H.264 High with B-pyramid at 29.97 fps (composition offsets, 1001-tick steps) and two AAC
    /// tracks at 48 and 44.1 kHz (time scales of their own, durations that round) in a TS.
    func testBFramesAndTwoAudioRatesInATransportStream() throws {
        let url = dir.appendingPathComponent("bframes.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30000/1001",
                           "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                           "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=44100", "-t", "6",
                           "-map", "0:v", "-map", "1:a", "-map", "2:a",
                           "-c:v", "libx264", "-profile:v", "high", "-bf", "3", "-b_strategy", "2", "-g", "45",
                           "-c:a", "aac", "-b:a", "64k", url.path])
        try assertOwnFragmentsMatchTheMuxer(url, segments: 4)
    }

    /// testsrc2 as HEVC with one AAC track, `seconds` long, into `name`.
    private func hevc(_ name: String, seconds: Int, sampleRate: Int, x265: String) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                           "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(sampleRate)", "-t", String(seconds),
                           "-c:v", "libx265", "-x265-params", x265 + ":log-level=error", "-c:a", "aac", "-b:a", "64k", url.path])
        return url
    }

    /// HEVC from an MP4 (hvcC extradata: samples already length-prefixed, written as they are)
    /// with 44.1 kHz AAC, irregular GOPs at 25 fps.
    func testHEVCFromAnMP4IsWrittenAsItIs() throws {
        try assertOwnFragmentsMatchTheMuxer(try hevc("hevc.mp4", seconds: 5, sampleRate: 44100,
                                                     x265: "keyint=40:min-keyint=10:bframes=4"), segments: 4)
    }

    /// Annex B HEVC in a TS (converted like H.264).
    func testHEVCInATransportStreamIsConverted() throws {
        try assertOwnFragmentsMatchTheMuxer(try hevc("hevc.ts", seconds: 4, sampleRate: 48000, x265: "keyint=25:bframes=3"),
                                            segments: 4)
    }
}
