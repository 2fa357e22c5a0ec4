import Foundation
import XCTest
@testable import Packager

/// `--realtime` releases a file's media in blocks of 0.2 s of media (never less than 10 ms of wall
/// time): a frame due sooner goes on at once, a later one is waited for until exactly its due time.
final class RealtimePacerTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let frame: Int64 = 3003                     // 29.97 fps: 6 frames are 0.2002 s, 5 are 0.1668 s

    /// Runs `count` frames through the pacer with a clock that stands still while media is
    /// processed and jumps to the due time of each wait; returns the frame numbers waited for.
    private func waits(speed: Double, count: Int, firstPTS: Int64 = 900_000) -> [Int] {
        var pacer = RealtimePacer(speed: speed)
        var now = start
        var waited: [Int] = []
        for k in 0..<count {
            guard let due = pacer.due(pts: firstPTS + Int64(k) * frame, now: now) else { continue }
            XCTAssertEqual(due.timeIntervalSince(start), Double(Int64(k) * frame) / 90_000 / speed, accuracy: 1e-6)
            waited.append(k)
            now = due
        }
        return waited
    }

    func testAtRealTimeTheChannelWakesOncePerBlockNotOncePerFrame() {
        XCTAssertEqual(waits(speed: 1, count: 300), Array(stride(from: 6, through: 294, by: 6)))
    }

    /// At 30× a block of 0.2 s of media is 6.7 ms of wall time: the 10 ms floor holds instead
    /// (9 frames, 0.3 s of media), not a whole segment at once.
    func testAtThirtyTimesAWaitIsNeverShorterThanTenMilliseconds() {
        XCTAssertEqual(waits(speed: 30, count: 1800), Array(stride(from: 9, through: 1791, by: 9)))
    }

    func testAtTwiceRealTimeABlockIsStillAFifthOfASecondOfMedia() {
        XCTAssertEqual(waits(speed: 2, count: 300), Array(stride(from: 6, through: 294, by: 6)))
    }

    func testAFrameAlreadyDueGoesOnAtOnceEvenOutOfPresentationOrder() {
        var pacer = RealtimePacer(speed: 1)
        XCTAssertNil(pacer.due(pts: 0, now: start))
        // A P frame 0.3 s ahead is waited for; the B frames before it in presentation order are not.
        let p = pacer.due(pts: 27_000, now: start)
        XCTAssertEqual(p, start.addingTimeInterval(0.3))
        XCTAssertNil(pacer.due(pts: 9_000, now: start.addingTimeInterval(0.3)))
        XCTAssertNil(pacer.due(pts: 18_000, now: start.addingTimeInterval(0.3)))
    }

    func testARestartMakesTheNextFrameTheNewOriginWhateverItsTimestamp() {
        var pacer = RealtimePacer(speed: 1)
        XCTAssertNil(pacer.due(pts: 0, now: start))
        pacer.restart()
        let later = start.addingTimeInterval(1)
        XCTAssertNil(pacer.due(pts: 90_000 * 3600, now: later))
        XCTAssertNil(pacer.due(pts: 90_000 * 3600 + 9_000, now: later))
        XCTAssertEqual(pacer.due(pts: 90_000 * 3600 + 45_000, now: later), later.addingTimeInterval(0.5))
    }
}
