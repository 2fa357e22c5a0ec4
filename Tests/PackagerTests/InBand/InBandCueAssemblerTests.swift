import XCTest
@testable import CueDetect
import Primitives

final class InBandCueAssemblerTests: XCTestCase {
    /// A program-mode splice_insert OUT, immediate when `pts` is nil.
    private func spliceInsert(event: UInt32, pts: UInt64?, adjustment: UInt64 = 0) -> [UInt8] {
        var w = BitWriter()
        w.put(UInt64(event), bits: 32)
        w.flag(false)
        w.reserved(7)
        w.flag(true)              // out_of_network
        w.flag(true)              // program_splice
        w.flag(false)             // duration
        w.flag(pts == nil)        // splice_immediate
        w.reserved(4)
        if pts != nil { w.append(SectionBuilder.spliceTime(pts)) }
        w.put(1, bits: 16)
        w.put(0, bits: 8)
        w.put(0, bits: 8)
        return SectionBuilder(ptsAdjustment: adjustment, commandType: 0x05, command: w.bytes).build()
    }

    private func section(_ bytes: [UInt8], pcr: UInt64?) -> TSScanEvent {
        .section(ScannedSection(pid: 500, bytes: bytes, byteOffset: 0, packetIndex: 0, lastPCR: pcr, libavformatExposes: false))
    }

    private func video(_ pts: UInt64) -> TSScanEvent { .videoPTS(pts: pts, byteOffset: 0, packetIndex: 0) }

    func testImmediateSpliceTakesEffectAtTheNextVideoAccessUnit() {
        var a = InBandCueAssembler()
        XCTAssertEqual(a.ingest(video(900_000)).count, 0)
        XCTAssertEqual(a.ingest(section(spliceInsert(event: 7, pts: nil), pcr: 895_000)).count, 0, "waits for video")
        let ready = a.ingest(video(903_003))
        XCTAssertEqual(ready.count, 1)
        XCTAssertNil(ready.first?.splicePTS)
        XCTAssertEqual(ready.first?.effectiveTicks, 903_003)
        XCTAssertEqual(ready.first?.arrivalTicks, 895_000)
        XCTAssertEqual(a.firstVideoTicks, 900_000)
    }

    func testSpliceTimeAfterThe33BitWrapIsPlacedAfterTheCurrentVideoTime() {
        var a = InBandCueAssembler()
        let nearWrap = UInt64(ProgramClock.wrap) - 90_000 * 4          // 4 s before the wrap
        _ = a.ingest(video(nearWrap))
        _ = a.ingest(section(spliceInsert(event: 8, pts: 90_000 * 2), pcr: nearWrap))   // 2 s after the wrap
        let ready = a.ingest(video(nearWrap + 3003))
        XCTAssertEqual(ready.first?.effectiveTicks, ProgramClock.wrap + 180_000)
        XCTAssertEqual(ready.first.flatMap { $0.effectiveTicks.map { $0 - (a.firstVideoTicks ?? 0) } }, 540_000)
    }

    func testPTSAdjustmentIsAddedModulo2To33() {
        var a = InBandCueAssembler()
        _ = a.ingest(video(1_000))
        let adjustment = UInt64(ProgramClock.wrap) - 500       // wraps 1 500 + adj to 1 000
        _ = a.ingest(section(spliceInsert(event: 9, pts: 1_500, adjustment: adjustment), pcr: 900))
        let ready = a.ingest(video(4_000))
        XCTAssertEqual(ready.first?.splicePTS, 1_000)
        XCTAssertEqual(ready.first?.effectiveTicks, 1_000)
    }

    func testCueBeforeAnyVideoWaitsAndKeepsArrivalOrder() {
        var a = InBandCueAssembler()
        _ = a.ingest(section(spliceInsert(event: 1, pts: 200_000), pcr: nil))
        _ = a.ingest(section(spliceInsert(event: 2, pts: nil), pcr: nil))
        let ready = a.ingest(video(100_000))
        XCTAssertEqual(ready.map(\.effectiveTicks), [200_000, 100_000])
        XCTAssertEqual(ready.map { $0.arrivalTicks }, [nil, nil])
    }

    func testUndecodableSectionIsReportedNotTrusted() {
        var a = InBandCueAssembler()
        var broken = spliceInsert(event: 3, pts: 5_000)
        broken[broken.count - 1] ^= 0xFF                    // CRC no longer matches
        _ = a.ingest(section([0xFC, 0x30, 0x01], pcr: 1))
        _ = a.ingest(section(broken, pcr: 2))
        let ready = a.ingest(video(3_000))
        XCTAssertEqual(ready.map(\.commandName), ["invalid", "splice_insert"])
        XCTAssertNotNil(ready.first?.decodeError)
        XCTAssertEqual(ready.last?.section?.crcOK, false)
        XCTAssertNil(ready.last?.timedCue, "a bad-CRC cue is reported but never drives spans")
        XCTAssertNil(ready.first?.timedCue)
    }
}
