import XCTest
@testable import CueDetect
@testable import Packager
import Primitives

final class LiveTimeDescriptorTests: XCTestCase {
    /// time_signal at t = 1 s (stitched sample: first frame at PTS 1 800 126 000) carrying a time_descriptor that says the splice is at
    /// 2030-01-01T00:00:00Z (TAI 37 s ahead of UTC).
    private func timeSignalWithTimeDescriptor() -> [UInt8] {
        var body = BitWriter()
        body.put(1_893_456_000 + 37, bits: 48)      // TAI_seconds
        body.put(0, bits: 32)                       // TAI_ns
        body.put(37, bits: 16)                      // UTC_offset
        return SectionBuilder(commandType: 0x06, command: SectionBuilder.spliceTime(1_800_126_000 + 90_000),
                              descriptors: [SectionBuilder.descriptor(tag: 0x03, body: body.bytes)]).build()
    }

    func testPDTIsMappedFromATimeDescriptorThatArrivesBeforeTheFirstSegment() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sheet = dir.appendingPathComponent("cues.txt")
        let hex = timeSignalWithTimeDescriptor().map { String(format: "%02X", $0) }.joined()
        try "20001.9,0x\(hex)\n".write(to: sheet, atomically: true, encoding: .utf8)
        // The stitched sample: its first in-band cue comes at 46 s, so no date is announced before
        // the descriptor arrives (dates already announced would pin the wall-clock mapping).
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil; $0.sidecar = sheet },
                                        input: TestMedia.stitchedTS, output: dir.appendingPathComponent("out"))
        let first = try XCTUnwrap(run.sink.versions().first).text
        let firstPDT = first.split(separator: "\n").first { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") }
        // The first frame is 1 s before the splice the descriptor dates.
        XCTAssertEqual(firstPDT.map(String.init), "#EXT-X-PROGRAM-DATE-TIME:2029-12-31T23:59:59.000Z")
        XCTAssertNotNil(run.log.first { $0.event == "state" && $0.action == "time_descriptor" })
    }
}
