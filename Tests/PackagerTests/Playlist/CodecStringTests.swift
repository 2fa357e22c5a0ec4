import XCTest
@testable import Packager

final class CodecStringTests: XCTestCase {
    private func string(_ name: String, profile: Int = -99, level: Int = -99, extradata: [UInt8] = [],
                        audioObjectType: Int? = nil) -> String? {
        CodecString.rfc6381(CodecDescription(codecName: name, profile: profile, level: level, extradata: extradata,
                                             audioObjectType: audioObjectType))
    }

    /// Inserts emulation-prevention bytes as an encoder does (`00 00 0x` with x <= 3 → `00 00 03 0x`).
    private func escaped(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var zeros = 0
        for byte in rbsp {
            if zeros >= 2, byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    func testH264FromAnnexBSPSAsTransportStreamGivesIt() {
        // The SPS/PPS extradata of samples/live_scte35.ts (High, level 4.0).
        let extradata: [UInt8] = [0, 0, 1, 0x67, 0x64, 0x00, 0x28, 0xAC, 0xD9, 0x40, 0x50, 0x05, 0xBB, 0x01, 0x10,
                                  0, 0, 3, 0, 0x10, 0, 0, 3, 3, 0xC0, 0xF1, 0x83, 0x19, 0x60, 0, 0, 0, 1, 0x68, 0xEF, 0xBC, 0xB0]
        XCTAssertEqual(string("h264", profile: 77, level: 30, extradata: extradata), "avc1.640028")
        XCTAssertEqual(string("h264", extradata: [0, 0, 1, 0x68, 0xEE, 0, 0, 1, 0x67, 0x42, 0xC0, 0x1E, 0x95]), "avc1.42C01E")
    }

    func testH264FromAVCDecoderConfigurationRecordAsMP4GivesIt() {
        XCTAssertEqual(string("h264", extradata: [0x01, 0x64, 0x00, 0x1F, 0xFF, 0xE1, 0x00, 0x19, 0x67]), "avc1.64001F")
    }

    func testH264FallsBackToFFmpegProfileAndLevelWithoutSPS() {
        XCTAssertEqual(string("h264", profile: 100, level: 31), "avc1.64001F")
        XCTAssertEqual(string("h264", profile: 66 | (1 << 9), level: 30), "avc1.42401E")  // constrained baseline
        XCTAssertEqual(string("h264", profile: 110 | (1 << 11), level: 40), "avc1.6E1028")  // High 10 Intra
        XCTAssertNil(string("h264", extradata: [0, 0, 1, 0x67, 0x64]))
        XCTAssertNil(string("h264", extradata: [0x01, 0x64]))
    }

    func testHEVCFromHEVCDecoderConfigurationRecord() {
        let main: [UInt8] = [0x01, 0x01, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5D, 0xF0, 0x00]
        XCTAssertEqual(string("hevc", extradata: main), "hvc1.1.6.L93.90")
        let main10High: [UInt8] = [0x01, 0x22, 0x20, 0, 0, 0, 0xB0, 0, 0, 0, 0, 0x01, 0x78]
        XCTAssertEqual(string("hevc", extradata: main10High), "hvc1.2.4.H120.B0.00.00.00.00.01")
        let rangeExtensionsSpace1: [UInt8] = [0x01, 0x44, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x99]
        XCTAssertEqual(string("hevc", extradata: rangeExtensionsSpace1), "hvc1.A4.10.L153")
    }

    func testHEVCFromAnnexBPrefersSPSAndRemovesEmulationPrevention() {
        let ptl93: [UInt8] = [0x01, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5D]
        let ptl90: [UInt8] = [0x01, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5A]
        let vps: [UInt8] = [0x40, 0x01, 0x0C, 0x01, 0xFF, 0xFF] + ptl90 + [0x95, 0x98]
        let sps: [UInt8] = [0x42, 0x01, 0x01] + ptl93 + [0xA0, 0x0A, 0x08]
        let start: [UInt8] = [0, 0, 0, 1]
        let both = start + escaped(vps) + start + escaped(sps)
        XCTAssertTrue(both.count > vps.count + sps.count + 8, "the sample must contain emulation-prevention bytes")
        XCTAssertEqual(string("hevc", extradata: both), "hvc1.1.6.L93.90")
        XCTAssertEqual(string("hevc", extradata: start + escaped(vps)), "hvc1.1.6.L90.90")
    }

    func testHEVCFallsBackToFFmpegProfileAndLevel() {
        XCTAssertEqual(string("hevc", profile: 1, level: 120), "hvc1.1.6.L120")
        XCTAssertEqual(string("hevc", profile: 2, level: 93), "hvc1.2.4.L93")
        XCTAssertNil(string("hevc", extradata: [0, 0, 1, 0x42, 0x01, 0x01, 0x01]))
    }

    func testAACObjectTypeFromAudioSpecificConfigThenProfile() {
        XCTAssertEqual(string("aac", extradata: [0x12, 0x10]), "mp4a.40.2")  // LC, 44.1 kHz, stereo
        XCTAssertEqual(string("aac", profile: 1, extradata: [0x2B, 0x92, 0x08, 0x00]), "mp4a.40.5")  // explicit SBR
        XCTAssertEqual(string("aac", extradata: [0xF9, 0x40, 0x00]), "mp4a.40.42")  // escape 31 → 32 + 10
        XCTAssertEqual(string("aac", profile: 1), "mp4a.40.2")
        XCTAssertEqual(string("aac", profile: 28), "mp4a.40.29")
        XCTAssertEqual(string("aac", profile: 4, audioObjectType: 2), "mp4a.40.2")
        XCTAssertNil(string("aac"))
        XCTAssertNil(string("aac", extradata: [0xF8]))
    }

    func testFixedCodecStringsAndUnknownCodecs() {
        XCTAssertEqual(string("ac3"), "ac-3")
        XCTAssertEqual(string("eac3"), "ec-3")
        XCTAssertEqual(string("mp3"), "mp4a.40.34")
        XCTAssertEqual(string("opus"), "Opus")
        XCTAssertEqual(string("flac"), "fLaC")
        XCTAssertNil(string("vp9"))
        XCTAssertNil(string("scte_35"))
        XCTAssertEqual(CodecString.list([CodecDescription(codecName: "scte_35"), CodecDescription(codecName: "h264", profile: 100, level: 40),
                                         CodecDescription(codecName: "ac3")]), "avc1.640028,ac-3")
    }
}
