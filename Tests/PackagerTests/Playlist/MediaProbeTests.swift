import XCTest
@testable import Packager

/// CODECS strings from real media read through libavformat; expected values were checked
/// against `ffprobe -show_streams -show_data` of the same files.
final class MediaProbeTests: XCTestCase {
    func testLiveSampleIsHighProfileLevel4AndAACLowComplexity() throws {
        let streams = try MediaProbe.codecDescriptions(url: TestMedia.liveTS.path)
        XCTAssertEqual(streams.map(\.codecName), ["h264", "aac"])
        XCTAssertEqual(streams.map(\.profile), [100, 1])
        XCTAssertEqual(streams.first?.level, 40)
        XCTAssertEqual(streams.first.map { [$0.width, $0.height] }, [1280, 720])
        XCTAssertEqual(streams.last.map { [$0.sampleRate, $0.channels] }, [48_000, 2])
        XCTAssertEqual(streams.first?.extradata.prefix(8), [0, 0, 1, 0x67, 0x64, 0x00, 0x28, 0xAC])
        XCTAssertEqual(streams.map(CodecString.rfc6381), ["avc1.640028", "mp4a.40.2"])
    }

    func testEncodedHEVCGivesTheSameStringFromTransportStreamAndMP4() throws {
        let folder = try PlaylistFolder()
        for (name, options) in [("hevc.ts", ["-f", "mpegts"]), ("hevc.mp4", ["-tag:v", "hvc1", "-f", "mp4"])] {
            let out = folder.url.appendingPathComponent(name).path
            try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=1", "-c:v", "libx265",
                               "-x265-params", "log-level=error"] + options + [out])
            let streams = try MediaProbe.codecDescriptions(url: out)
            XCTAssertEqual(streams.map(CodecString.rfc6381), ["hvc1.1.6.L60.90"], name)
        }
    }

    func testEncodedH264AndAACInMP4UseAVCCAndAudioSpecificConfig() throws {
        let folder = try PlaylistFolder()
        let out = folder.url.appendingPathComponent("avc.mp4").path
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25:duration=1",
                           "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1",
                           "-c:v", "libx264", "-profile:v", "high", "-level", "3.1", "-c:a", "aac", "-ac", "2", out])
        let streams = try MediaProbe.codecDescriptions(url: out)
        XCTAssertEqual(streams.first?.extradata.first, 1, "MP4 carries avcC, not Annex B")
        XCTAssertEqual(streams.last?.audioObjectType, 2)
        XCTAssertEqual(streams.map(CodecString.rfc6381), ["avc1.64001F", "mp4a.40.2"])
    }

    func testMissingFileIsATypedErrorNamingTheInput() {
        XCTAssertThrowsError(try MediaProbe.codecDescriptions(url: "/nonexistent/input.ts")) { error in
            XCTAssertEqual((error as? FFmpegError)?.description, "cannot open '/nonexistent/input.ts': No such file or directory")
        }
    }
}
