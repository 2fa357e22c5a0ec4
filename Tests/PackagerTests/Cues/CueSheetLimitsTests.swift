import CueDetect
import XCTest

/// A cue sheet's PTS is refused with its line when its 90 kHz ticks could not be computed:
/// `1e20,<cue>` trapped `pkgctl cues --sidecar` (found by trying absurd values in a sheet).
final class CueSheetLimitsTests: XCTestCase {
    private let cue = "0xFC302500000000000000FFF01405000000017FEFFE00107AC0FE0014DFC0000000000000E863DD77"

    func testAPTSPastTenToTheTwelveSecondsIsRefusedWithItsLineInBothForms() {
        XCTAssertThrowsError(try CueSheet.parse("# sheet\n10.0,\(cue)\n1e20,\(cue)\n")) {
            XCTAssertEqual(String(describing: $0), "line 3: '1e20' is not a PTS in seconds (more than 10^12 s)")
        }
        XCTAssertThrowsError(try CueSheet.parse(#"[{"pts": 1e308, "cue": "\#(cue)"}]"#)) {
            XCTAssertEqual(String(describing: $0), "line 1: '1e+308' is not a PTS in seconds (more than 10^12 s)")
        }
    }

    func testAPTSPastTheClocksWrapIsStillTaken() throws {
        let entries = try CueSheet.parse("95443.7,\(cue)\n190887.5,\(cue)\n")
        XCTAssertEqual(entries.map(\.ptsSeconds), [95443.7, 190887.5])
        XCTAssertEqual(entries.map(\.line), [1, 2])
    }
}
