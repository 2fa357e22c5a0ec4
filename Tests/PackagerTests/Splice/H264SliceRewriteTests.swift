import Primitives
import CueDetect
import XCTest
@testable import Packager

/// The H.264 slice-header reader/writer behind `H264ResumeRewriter`, and its helpers.
final class H264SliceRewriteTests: XCTestCase {
    /// Every slice of real x264 output reads and writes back to the same bytes: CABAC with B-frames,
    /// weighted prediction and pyramid marking commands, and CAVLC (Baseline).
    func testEveryX264SliceRoundTrips() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, video) in [("cabac.ts", ["-c:v", "libx264", "-profile:v", "high", "-x264-params", "bframes=3:b-pyramid=normal:weightp=2:slices=2"]),
                              ("cavlc.ts", ["-c:v", "libx264", "-profile:v", "baseline", "-x264-params", "slices=3"])] {
            let source = try SpliceSource.make(name, in: directory, rate: "25", seconds: 1, audio: false, video: video)
            var sps: [UInt32: H264SequenceParameters] = [:], pps: [UInt32: H264PictureParameters] = [:]
            var slices = 0
            for item in source.video {
                for unit in NALPacketFormat.annexB.units(item.packet.bytes) {
                    switch SpliceCodec.h264.type(of: unit) {
                    case 7: let s = try H264SequenceParameters(Array(unit)); sps[s.id] = s
                    case 8: let p = try H264PictureParameters(Array(unit)); pps[p.id] = p
                    case 1, 5:
                        let header = try H264SliceHeader(unit: unit, sps: sps, pps: pps)
                        XCTAssertEqual(header.written(), Array(unit), "\(name) slice \(slices)")
                        slices += 1
                    default: break
                    }
                }
            }
            XCTAssertEqual(slices, name == "cabac.ts" ? 50 : 75)
        }
    }

    func testExpGolombRoundTrip() throws {
        var writer = SliceBitWriter()
        for value in [0, 1, 2, 7, 255, 65_535] as [UInt32] { writer.unsignedExpGolomb(value) }
        for value in [0, 1, -1, 17, -300] as [Int32] { writer.signedExpGolomb(value) }
        while !writer.isByteAligned { writer.bit(false) }
        var reader = BitReader(writer.bytes)
        for value in [0, 1, 2, 7, 255, 65_535] as [UInt32] { XCTAssertEqual(try reader.unsignedExpGolomb("ue"), value) }
        XCTAssertEqual(try (0..<5).map { _ in try reader.unsignedExpGolomb("se") }, [0, 1, 2, 33, 600])
    }

    func testEscapingInsertsEmulationPreventionBytes() {
        XCTAssertEqual(NALUnits.escaped([0x65, 0, 0, 1, 0, 0, 0, 0, 0, 4], header: 1), [0x65, 0, 0, 3, 1, 0, 0, 3, 0, 0, 3, 0, 4])
        XCTAssertEqual(NALUnits.rbsp(NALUnits.escaped([0x41, 0, 0, 2, 0, 0, 3], header: 1)[...]), [0x41, 0, 0, 2, 0, 0, 3])
    }

    private func command(_ op: Int, difference: Int64) -> H264SliceHeader.MarkingCommand {
        .init(operation: op, elements: [.init(name: "memory_management_control_operation", coding: .ue, value: Int64(op)),
                                        .init(name: "difference_of_pic_nums_minus1", coding: .ue, value: difference)])
    }

    func testMarkingKeepsOnlyCommandsForFramesItHolds() {
        var marking = H264ReferenceMarking(log2MaxFrameNum: 4, maxReferenceFrames: 4)
        marking.decoded(frameNum: 0, idr: true, adaptive: nil)
        // Frame 1 names frames 0 (held) and 15, 14 (from before the IDR, numbered before a wrap).
        let commands = [command(1, difference: 0), command(1, difference: 1), command(1, difference: 2)]
        XCTAssertEqual(marking.applicable(commands, frameNum: 1), [commands[0]])
    }

    func testSlidingWindowDropsTheOldestFrame() {
        var marking = H264ReferenceMarking(log2MaxFrameNum: 4, maxReferenceFrames: 2)
        marking.decoded(frameNum: 14, idr: true, adaptive: nil)
        marking.decoded(frameNum: 15, idr: false, adaptive: nil)
        marking.decoded(frameNum: 0, idr: false, adaptive: nil)
        XCTAssertEqual(marking.shortTerm, [15, 0], "14 is the oldest across the wrap")
    }
}
