import XCTest
@testable import CueDetect

final class SectionReconcilerTests: XCTestCase {
    private func scanned(_ bytes: [UInt8], exposed: Bool = true) -> ScannedSection {
        ScannedSection(pid: 501, bytes: bytes, byteOffset: 0, packetIndex: 0, lastPCR: nil, libavformatExposes: exposed)
    }

    func testDemuxerCopyOfAScannedSectionIsNotNew() {
        var r = SectionReconciler()
        r.scannerSaw(scanned([1, 2, 3]))
        XCTAssertFalse(r.libavformatDelivered(pid: 501, bytes: [1, 2, 3]))
        XCTAssertEqual(r.stats.confirmed, 1)
    }

    func testRepeatedIdenticalSectionsAreMatchedOneForOne() {
        var r = SectionReconciler()
        r.scannerSaw(scanned([7]))
        r.scannerSaw(scanned([7]))
        XCTAssertFalse(r.libavformatDelivered(pid: 501, bytes: [7]))
        XCTAssertFalse(r.libavformatDelivered(pid: 501, bytes: [7]))
        XCTAssertTrue(r.libavformatDelivered(pid: 501, bytes: [7]), "a third copy was never scanned")
        XCTAssertEqual(r.stats, .init(confirmed: 2, scannerOnly: 0, missedByLibavformat: 0, libavformatOnly: 1))
    }

    func testSectionsTheDemuxerSkippedAreCountedAsMissed() {
        var r = SectionReconciler()
        r.scannerSaw(scanned([1]))
        r.scannerSaw(scanned([2]))
        r.scannerSaw(scanned([3], exposed: false))
        XCTAssertFalse(r.libavformatDelivered(pid: 501, bytes: [2]))
        r.finish()
        XCTAssertEqual(r.stats, .init(confirmed: 1, scannerOnly: 1, missedByLibavformat: 1, libavformatOnly: 0))
    }
}
