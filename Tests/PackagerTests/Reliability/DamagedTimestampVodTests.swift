import XCTest
@testable import Packager

/// A picture whose PES header says its PTS comes before its DTS (damage: libavformat's muxers
/// refuse such a packet with EINVAL, "pts < dts") is dropped with one report warning naming the
/// input, instead of ending the run with "cannot write a packet" (as a TS with 0.1 % of its bytes
/// randomised did, through either reader, before the muxer's check).
final class DamagedTimestampVodTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// 12 s of H.264 with B-frames (every video PES carries a PTS and a DTS) and AAC, with the
    /// PTS of the 100th video PES moved 20 ms before its DTS.
    private func damagedInput() throws -> URL {
        let clean = dir.appendingPathComponent("clean.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=f=440:r=48000",
                           "-t", "12", "-c:v", "libx264", "-preset", "ultrafast", "-bf", "2", "-g", "50", "-c:a", "aac",
                           "-f", "mpegts", clean.path])
        var bytes = try TestMedia.bytes(clean)
        var seen = 0, damaged = false
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            for offset in stride(from: 0, through: buffer.count - TSPacketBytes.size, by: TSPacketBytes.size) where !damaged {
                let p = base + offset
                guard TSPacketBytes.unitStart(p), let start = TSPacketBytes.payloadOffset(p),
                      (0xE0...0xEF).contains(p.load(fromByteOffset: start + 3, as: UInt8.self)),
                      let fields = TSPESTimestamps(p, payload: start), let pts = fields.ptsOffset, let dts = fields.dtsOffset else { continue }
                seen += 1
                guard seen == 100 else { continue }
                TSTimestampField.write(p, at: pts, TSTimestampField.read(p, at: dts) - 1_800)
                damaged = true
            }
        }
        XCTAssertTrue(damaged, "no 100th video PES with a PTS and a DTS")
        let url = dir.appendingPathComponent("damaged.ts")
        try Data(bytes).write(to: url)
        return url
    }

    private func convert(_ input: URL, engine: SegmentEngine) throws -> VodReport {
        var options = VodOptions()
        options.segmentFormat = .fmp4
        options.engine = engine
        return try VodPipeline.run(input: input.path, output: dir.appendingPathComponent("out-\(engine)"), options: options)
    }

    func testFMP4OfTheIndexedTSDropsThePictureWithOneWarning() throws {
        let input = try damagedInput()
        let report = try convert(input, engine: .auto)
        XCTAssertEqual(report.warnings.filter { $0.contains("damaged timestamps") },
                       ["1 packet(s) of '\(input.path)' dropped: damaged timestamps (PTS before DTS) that no muxer takes"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out-auto/primary").path)
            .filter { $0.hasSuffix(".m4s") }.count, 2)
    }

    /// libavformat's demux path drops the same picture earlier, in its sanitizer.
    func testFMP4ThroughLibavformatDropsItInTheSanitizer() throws {
        let input = try damagedInput()
        let report = try convert(input, engine: .libavformat)
        XCTAssertEqual(report.warnings.filter { $0.contains("pts_before_dts") },
                       ["input '\(input.path)': 1 damaged packet(s) dropped (1 pts_before_dts)"])
    }
}
