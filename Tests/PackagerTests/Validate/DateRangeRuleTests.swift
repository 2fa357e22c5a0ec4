import XCTest
@testable import Packager

final class DateRangeRuleTests: XCTestCase {
    func testDateRangeWithoutIDIsRejected() throws {
        try assertFindings("broken/daterange-id.m3u8", ["daterange-id@5 error"])
    }

    func testStartDateOnlyOnTheUpdateTagIsAnError() throws {
        try assertFindings("broken/daterange-start-date-first.m3u8", ["daterange-start-date@5 error"])
    }

    func testUpdateWithoutStartDateWarnsForMedia3() throws {
        try assertFindings("broken/daterange-start-date-update.m3u8", ["daterange-start-date@6 warning"])
        let findings = try ValidateFixtures.validate("broken/daterange-start-date-update.m3u8")
        XCTAssertEqual(findings.map(\.breaks), [[.media3]])
    }

    func testSameIDUpdateWithDifferentBytesIsRejectedForHlsJS() throws {
        try assertFindings("broken/daterange-same-id.m3u8", ["daterange-same-id@6 error", "daterange-same-id@6 error"])
        let findings = try ValidateFixtures.validate("broken/daterange-same-id.m3u8")
        XCTAssertEqual(findings.map(\.message), [
            "\"ad1\": START-DATE=\"2026-01-01T00:00:06.000+00:00\" differs from \"2026-01-01T00:00:06.000Z\" on line 5",
            "\"ad1\": DURATION=6.000 differs from 6.0 on line 5",
        ])
        XCTAssertEqual(findings.first?.breaks, [.hlsJS])
    }

    func testHoursOnlyOffsetAndSecondPrecisionWarnAndBadMonthIsAnError() throws {
        try assertFindings("broken/date-format.m3u8",
                           ["date-format@5 warning", "date-format@6 warning", "date-format@7 error"])
        let findings = try ValidateFixtures.validate("broken/date-format.m3u8")
        XCTAssertEqual(findings.first?.breaks, [.media3])
    }

    func testEndDateBeforeStartDateIsRejected() throws {
        try assertFindings("broken/end-before-start.m3u8", ["end-before-start@5 error"])
    }

    func testDurationThatDisagreesWithEndDateByOneMillisecondIsRejected() throws {
        try assertFindings("broken/duration-end-date.m3u8", ["duration-end-date@5 error"])
    }

    func testEndOnNextNeedsClassExcludesDurationAndForbidsOverlap() throws {
        try assertFindings("broken/end-on-next.m3u8",
                           ["end-on-next@5 error", "end-on-next@6 error", "end-on-next@8 error"])
    }

    func testDateRangeWithoutProgramDateTimeIsRejected() throws {
        try assertFindings("broken/pdt-required.m3u8", ["pdt-required@4 error"])
    }

    func testDiscontinuityWithoutProgramDateTimeWarns() throws {
        try assertFindings("broken/pdt-discontinuity.m3u8", ["pdt-discontinuity@8 warning"])
    }

    func testProgramDateTimeGoingBackMoreThanASecondIsAmbiguous() throws {
        try assertFindings("broken/pdt-mapping.m3u8", ["pdt-mapping@7 error"])
    }

    func testPreloadWithoutTargetClassOrDurationIsRejected() throws {
        let findings = try ValidateFixtures.validate("broken/preload.m3u8")
        XCTAssertEqual(findings.map(\.message), ["preload \"p1\" has no X-TARGET-CLASS", "preload \"p1\" has neither DURATION nor END-DATE"])
        try assertFindings("broken/preload.m3u8", ["preload@5 error", "preload@5 error"])
    }
}
