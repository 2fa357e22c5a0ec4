import XCTest
@testable import Packager

final class TSHEVCKeyframeTests: XCTestCase {
    /// HEVC keyframes come from the first VCL NAL's type (IDR/CRA), read past the VPS/SPS/PPS/SEI.
    func testHEVCKeyframesAreTheFramesFFprobeFlags() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("hevc.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=4", "-c:v", "libx265",
                           "-preset", "ultrafast", "-x265-params", "keyint=25:min-keyint=25:scenecut=0:log-level=error",
                           "-f", "mpegts", url.path])
        let probe = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "packet=pts,flags", "-of", "csv=p=0", url.path])
        let expected = probe.out.split(separator: "\n").map { line -> String in
            let f = line.split(separator: ",")
            return "\(f[0]) \(f[1].hasPrefix("K"))"
        }
        let video = TSIndexerTests.index(try TestMedia.bytes(url), chunk: 10_000).units.filter { $0.kind == .video }
        XCTAssertEqual(video.map { "\($0.pts ?? -1) \($0.keyframe)" }, expected)
        XCTAssertEqual(video.filter(\.keyframe).count, 4)
    }
}
