import Foundation
import XCTest
@testable import Packager

/// A short clip made with the ffmpeg CLI (testsrc2 with the frame number burned in, a sine
/// tone), demuxed into memory with pkgctl's own demuxer, for splice tests.
final class SpliceSource {
    struct AudioPacket {
        let packet: DemuxedPacket
        let pts: Int64
        let duration: Int64
    }

    let url: URL
    let snapshot: CodecParametersSnapshot
    let videoIndex: Int
    let audioIndex: Int?
    let timeBase: (num: Int32, den: Int32)
    /// Video packets in decode order, with unwrapped timestamps.
    let video: [SpliceInputPacket]
    let audio: [AudioPacket]

    /// Makes `name` in `directory` with ffmpeg (video from testsrc2 at `size`/`rate`, `seconds` long,
    /// frame numbers drawn in; AAC audio unless `audio` is false), then demuxes it.
    static func make(_ name: String, in directory: URL, rate: String, seconds: Double, size: String = "320x180",
                     audio: Bool = true, video: [String]) throws -> SpliceSource {
        let url = directory.appendingPathComponent(name)
        var args = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"] }
        args += ["-t", String(seconds),
                 "-vf", "drawtext=text='%{frame_num}':fontsize=72:fontcolor=white:box=1:boxcolor=black:x=8:y=8"]
        args += video
        if audio { args += ["-c:a", "aac", "-b:a", "64k"] }
        try FFmpegCLI.run(args + [url.path])
        return try SpliceSource(url: url)
    }

    init(url: URL) throws {
        self.url = url
        let demuxer = try MediaDemuxer(url: url.path)
        guard let video = demuxer.streams.first(where: { $0.kind == .video }) else { throw CocoaError(.fileReadCorruptFile) }
        videoIndex = video.index
        audioIndex = demuxer.streams.first(where: { $0.kind == .audio })?.index
        timeBase = video.timeBase
        snapshot = try CodecParametersSnapshot(demuxer: demuxer, streams: [videoIndex] + (audioIndex.map { [$0] } ?? []))
        var clock = PacketClock()
        var videoPackets: [SpliceInputPacket] = []
        var audioPackets: [AudioPacket] = []
        while true {
            guard let packet = DemuxedPacket() else { throw CocoaError(.fileReadUnknown) }
            guard try demuxer.read(into: packet) else { break }
            guard let times = clock.times(of: packet) else { continue }
            if packet.streamIndex == videoIndex {
                videoPackets.append(SpliceInputPacket(packet: packet, pts: times.pts, dts: times.dts))
            } else if packet.streamIndex == audioIndex {
                audioPackets.append(AudioPacket(packet: packet, pts: times.pts, duration: packet.duration))
            }
        }
        self.video = videoPackets
        self.audio = audioPackets
    }

    var displayPTS: [Int64] { video.map(\.pts).sorted() }
    var frameTicks: Int64 { zip(displayPTS.dropFirst(), displayPTS).map { $0 - $1 }.min() ?? 1 }
    var frames: [SpliceFrame] { video.map { SpliceFrame(pts: $0.pts, dts: $0.dts, isKeyframe: $0.packet.isKeyframe) } }

    /// PTS of the picture displayed `index`-th.
    func pts(ofFrame index: Int) -> Int64 { displayPTS[index] }

    /// Seconds from the first displayed picture to the `index`-th (where a cue sheet puts a splice).
    func seconds(ofFrame index: Int) -> Double { Double(displayPTS[index] - displayPTS[0]) / 90_000 }

    /// The window for a splice at `splice` (see `SpliceWindowRule`) and where it starts in `video`.
    func window(for splice: Int64) throws -> (start: Int, end: Int, packets: [SpliceInputPacket]) {
        let all = frames
        let start = try XCTUnwrap(SpliceWindowRule.windowStart(all, splice: splice))
        let length = SpliceWindowRule.windowLength(Array(all[start...]), splice: splice) ?? (all.count - start)
        return (start, start + length, Array(video[start..<(start + length)]))
    }

    /// Ticks of the stream time base per second.
    var ticksPerSecond: Double { Double(timeBase.den) / Double(timeBase.num) }
}
