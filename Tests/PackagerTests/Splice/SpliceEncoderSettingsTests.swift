import XCTest
@testable import Packager

final class SpliceEncoderSettingsTests: XCTestCase {
    private func format(_ codec: SpliceCodec, profile: Int, level: Int, bitDepth: Int = 8, chroma: (Int, Int) = (1, 1),
                        scan: VideoSourceFormat.Scan = .progressive) -> VideoSourceFormat {
        VideoSourceFormat(codec: codec, profile: profile, level: level, highTier: false, width: 1280, height: 720,
                          pixelFormat: 0, pixelFormatName: "yuv420p", bitDepth: bitDepth, chromaSubsampling: chroma,
                          sampleAspectRatio: (1, 1), colorRange: 1, colorPrimaries: 1, colorTransfer: 1, colorSpace: 1,
                          chromaLocation: 1, scan: scan, timeBase: (1, 90_000), extradata: [])
    }

    func testH264HighFollowsTheSourceAndNeverUsesItsOneBFrame() throws {
        let settings = try SpliceEncoderSettings.make(for: format(.h264, profile: 100, level: 31), input: "in", bitRate: 3_000_000,
                                                      frameRate: (30, 1), parameterSetID: 1, preset: nil, threads: 1)
        XCTAssertEqual(settings.encoderName, "libx264")
        XCTAssertEqual(settings.options["profile"], "high")
        XCTAssertEqual(settings.options["level"], "3.1")
        XCTAssertEqual(settings.options["forced-idr"], "1")
        XCTAssertEqual(settings.options["x264-params"],
                       "scenecut=0:rc-lookahead=0:open-gop=0:repeat-headers=1:annexb=1:keyint=infinite:bframes=1:b-pyramid=none:b-adapt=0:weightb=0:sync-lookahead=0:mbtree=0:deblock=0,0:8x8dct=1:sps-id=1")
        XCTAssertEqual(settings.options["preset"], "ultrafast")
        XCTAssertEqual(settings.bitRate, 3_000_000)
        XCTAssertEqual(settings.maxRate, 4_500_000)
    }

    func testInterlacedH264KeepsItsFieldOrder() throws {
        let settings = try SpliceEncoderSettings.make(for: format(.h264, profile: 77, level: 40, scan: .bottomFieldFirst), input: "in",
                                                      bitRate: 1, frameRate: (25, 1), parameterSetID: nil, preset: "fast", threads: 2)
        XCTAssertEqual(settings.options["profile"], "main")
        XCTAssertEqual(settings.options["level"], "4")
        XCTAssertEqual(settings.options["preset"], "fast")
        XCTAssertTrue(settings.options["x264-params"]?.hasSuffix("interlaced=1:bff=1") ?? false)
        XCTAssertEqual(settings.bitRate, 100_000, "a floor keeps a near-empty GOP from starving the IDR")
    }

    func testHEVCMain10AtLevel4Point1() throws {
        let settings = try SpliceEncoderSettings.make(for: format(.hevc, profile: 2, level: 123, bitDepth: 10), input: "in",
                                                      bitRate: 2_000_000, frameRate: (30000, 1001), parameterSetID: nil, preset: nil, threads: 1)
        XCTAssertEqual(settings.encoderName, "libx265")
        XCTAssertEqual(settings.options["profile"], "main10")
        XCTAssertEqual(settings.options["x265-params"],
                       "scenecut=0:rc-lookahead=0:open-gop=0:repeat-headers=1:annexb=1:log-level=error:bframes=0:keyint=-1:cutree=0:info=0:hrd=0:frame-threads=1:pools=none:high-tier=0:level-idc=4.1")
    }

    func testHEVC422ProfileName() throws {
        XCTAssertEqual(try SpliceEncoderSettings.x265Profile(format(.hevc, profile: 4, level: 120, bitDepth: 10, chroma: (1, 0)), input: "in"),
                       "main422-10")
    }

    func testInterlacedHEVCIsRefused() {
        XCTAssertThrowsError(try SpliceEncoderSettings.make(for: format(.hevc, profile: 1, level: 93, scan: .topFieldFirst), input: "in.ts",
                                                            bitRate: 1, frameRate: (25, 1), parameterSetID: nil, preset: nil, threads: 1)) { error in
            XCTAssertEqual(error as? VideoSpliceError, .unsupportedFormat(input: "in.ts", reason: "interlaced HEVC (field pictures) is not re-encoded"))
        }
    }

    func testExtendedProfileIsRefused() {
        XCTAssertThrowsError(try SpliceEncoderSettings.x264Profile(format(.h264, profile: 88, level: 30), input: "in.ts"))
    }

    func testLevelNames() {
        XCTAssertEqual(SpliceEncoderSettings.x264Level(9), "1b")
        XCTAssertEqual(SpliceEncoderSettings.x264Level(42), "4.2")
        XCTAssertNil(SpliceEncoderSettings.x264Level(-99))
        XCTAssertEqual(SpliceEncoderSettings.x265Level(93), "3.1")
        XCTAssertEqual(SpliceEncoderSettings.x265Level(150), "5")
        XCTAssertNil(SpliceEncoderSettings.x265Level(-99))
    }
}
