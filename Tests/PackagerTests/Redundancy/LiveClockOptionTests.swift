import Foundation
import XCTest
@testable import Packager

/// `live.clock` / `--clock`: opt-in, the wall clock unless asked.
final class LiveClockOptionTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func options(_ live: String) throws -> LiveOptions {
        try LiveConfigurationFile.options(live, in: scratch)
    }

    func testTheWallClockIsTheDefaultAndMediaOrAnOriginIsChosenByTheKey() throws {
        XCTAssertEqual(try options("").clock, .wall)
        XCTAssertEqual(try options(#", "clock": "wall""#).clock, .wall)
        XCTAssertEqual(try options(#", "clock": "media""#).clock, .media(origin: nil))
        XCTAssertEqual(try options(#", "clock": "2026-12-01T13:00:00Z""#).clock,
                       .media(origin: Date(timeIntervalSince1970: 1_796_130_000)))
    }

    func testAnUnknownClockIsRefusedNamingTheKeyAndTheValue() throws {
        XCTAssertThrowsError(try options(#", "clock": "gps""#)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "live.clock")
            XCTAssertTrue(String(describing: error).contains("'gps' is not wall, media or an ISO 8601 UTC date-time"), "\(error)")
        }
    }

    func testTheMediaClockTargetIsTwoStepsUnlessFixed() {
        var o = LiveOptions()
        XCTAssertEqual(o.targetDuration, 6)
        o.clock = .media(origin: nil)
        XCTAssertEqual(o.targetDuration, 12)
        XCTAssertEqual(o.gridStepTicks, 540_000)
        o.targetDuration = 8
        XCTAssertEqual(o.targetDuration, 8)
    }
}
