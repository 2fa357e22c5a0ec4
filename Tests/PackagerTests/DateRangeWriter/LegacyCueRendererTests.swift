import XCTest
@testable import DateRangeWriter

final class LegacyCueRendererTests: XCTestCase {
    private typealias F = DateRangeFixtures
    private let span = LegacyCueSpan(id: "ad-1207-1", startDate: DateRangeFixtures.date(), plannedDuration: HLSDecimal(seconds: 30),
                                     actualDuration: HLSDecimal(milliseconds: 29_960), outSection: DateRangeFixtures.outSection,
                                     inSection: DateRangeFixtures.inSection)
    private let elapsed = LegacySegmentPosition.continuing(elapsed: HLSDecimal(milliseconds: 6_006))

    private func lines(_ dialect: LegacyCueDialect, _ position: LegacySegmentPosition) throws -> [String] {
        try LegacyCueRenderer(dialect: dialect).lines(for: span, at: position)
    }

    func testElementalStyle() throws {
        XCTAssertEqual(try lines(.elemental, .firstInSpan), ["#EXT-X-CUE-OUT:30"])
        XCTAssertEqual(try lines(.elemental, elapsed), ["#EXT-X-CUE-OUT-CONT:6.006/30"])
        XCTAssertEqual(try lines(.elemental, .firstAfterSpan), ["#EXT-X-CUE-IN"])
    }

    func testSCTE35EnhancedStyle() throws {
        XCTAssertEqual(try lines(.scte35Enhanced, .firstInSpan), ["#EXT-OATCLS-SCTE35:\(F.outSectionBase64)", "#EXT-X-CUE-OUT:30"])
        XCTAssertEqual(try lines(.scte35Enhanced, elapsed),
                       ["#EXT-X-CUE-OUT-CONT:ElapsedTime=6.006,Duration=30,SCTE35=\(F.outSectionBase64)"])
        XCTAssertEqual(try lines(.scte35Enhanced, .firstAfterSpan), ["#EXT-OATCLS-SCTE35:\(F.inSectionBase64)", "#EXT-X-CUE-IN"])
    }

    func testSCTE35TagStyle() throws {
        XCTAssertEqual(try lines(.scte35Tag, .firstInSpan),
                       ["#EXT-X-SCTE35:CUE=\"\(F.outSectionBase64)\",DURATION=30,ID=\"ad-1207-1\",CUE-OUT=YES"])
        XCTAssertEqual(try lines(.scte35Tag, elapsed),
                       ["#EXT-X-SCTE35:CUE=\"\(F.outSectionBase64)\",DURATION=30,ELAPSED=6.006,ID=\"ad-1207-1\",CUE-OUT=CONT"])
        XCTAssertEqual(try lines(.scte35Tag, .firstAfterSpan),
                       ["#EXT-X-SCTE35:CUE=\"\(F.inSectionBase64)\",ID=\"ad-1207-1\",CUE-IN=YES"])
    }

    func testDateRangeWithOnlySCTE35Attributes() throws {
        XCTAssertEqual(try lines(.dateRangeSCTE35, .firstInSpan),
                       ["#EXT-X-DATERANGE:ID=\"ad-1207-1\",START-DATE=\"\(F.startText)\",PLANNED-DURATION=30,SCTE35-OUT=0x\(F.outSectionHex)"])
        XCTAssertEqual(try lines(.dateRangeSCTE35, elapsed), [])
        XCTAssertEqual(try lines(.dateRangeSCTE35, .firstAfterSpan),
                       ["#EXT-X-DATERANGE:ID=\"ad-1207-1\",START-DATE=\"\(F.startText)\",DURATION=29.96,SCTE35-IN=0xFC3011000A"])
    }

    func testCueOutDialectsNeedADuration() {
        var open = span
        open.plannedDuration = nil
        open.actualDuration = nil
        XCTAssertThrowsError(try LegacyCueRenderer(dialect: .elemental).lines(for: open, at: .firstInSpan)) {
            XCTAssertEqual($0 as? DateRangeError, .missingLegacyDuration(dialect: "elemental"))
        }
        XCTAssertEqual(try LegacyCueRenderer(dialect: .scte35Tag).lines(for: open, at: .firstInSpan),
                       ["#EXT-X-SCTE35:CUE=\"\(F.outSectionBase64)\",ID=\"ad-1207-1\",CUE-OUT=YES"])
    }

    func testSectionDialectsNeedTheOutSection() {
        var bare = span
        bare.outSection = []
        for dialect in [LegacyCueDialect.scte35Enhanced, .scte35Tag, .dateRangeSCTE35] {
            XCTAssertThrowsError(try LegacyCueRenderer(dialect: dialect).lines(for: bare, at: .firstInSpan)) {
                XCTAssertEqual($0 as? DateRangeError, .missingSection(dialect: dialect.rawValue, which: "out"))
            }
        }
    }
}
