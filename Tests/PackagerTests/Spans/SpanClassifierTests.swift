import Foundation
import XCTest
@testable import CueDetect

final class SpanClassifierTests: XCTestCase {
    private typealias C = SpanTestCues
    private let s = SpanTestCues.seconds

    func testChapterWithSCRTypePRIsARecapEvenWithoutMatchingText() {
        let chapter = C.segment(1, type: 0x20, upidType: 0x11, upid: "type=PR&tier=1", scrType: "PR")
        XCTAssertEqual(SpanClassifier.standard.kind(forStart: chapter), .recap)
    }

    func testChapterWithOtherSCRTypeIsIgnoredByDefault() {
        let chapter = C.segment(1, type: 0x20, upidType: 0x11, upid: "type=CC", scrType: "CC")
        XCTAssertNil(SpanClassifier.standard.kind(forStart: chapter))
    }

    func testChapterUPIDMatchingDefaultPatternIsRecapCaseInsensitively() {
        XCTAssertEqual(SpanClassifier.standard.kind(forStart: C.segment(1, type: 0x20, upid: "CHAPTER:Previously-On")), .recap)
        XCTAssertEqual(SpanClassifier.standard.kind(forStart: C.segment(1, type: 0x20, upid: "CHAPTER:RECAP-1")), .recap)
    }

    /// The built-in pattern is compiled on first use; copies used on several threads at once (one
    /// channel each) all get the compiled pattern.
    func testBuiltInPatternCompiledOnFirstUseAcrossThreads() throws {
        let classifier = try SpanClassifier()
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 8)
        defer { results.deallocate() }
        results.initialize(repeating: false)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let copy = classifier
            results[i] = copy.matchesRecapPattern(i % 2 == 0 ? "Recap of week \(i)" : "PREVIOUSLY on \(i)")
        }
        XCTAssertEqual(Array(results), Array(repeating: true, count: 8))
        XCTAssertFalse(classifier.matchesRecapPattern("act 2"))
    }

    func testUnmatchedChaptersOtherMakesPlainChaptersOtherSpans() throws {
        let classifier = try SpanClassifier(unmatchedChapters: .other)
        XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: 0x20, upid: "CHAPTER:act-2")), .other)
        XCTAssertEqual(classifier.kind(for: ChapterSignal(index: 2, title: "Act 2", endTicks: s(5))), .other)
    }

    func testDefaultAdTypesAndNonSpanTypes() {
        let classifier = SpanClassifier.standard
        for type: UInt8 in [0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46] {
            XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: type)), .ad, "type \(type)")
        }
        for type: UInt8 in [0x10, 0x17, 0x13, 0x23, 0x31, 0x38, 0x3C, 0x50] {
            XCTAssertNil(classifier.kind(forStart: C.segment(1, type: type)), "type \(type)")
        }
    }

    func testExtraTypesAddPromoAndCanSilenceADefault() throws {
        let classifier = try SpanClassifier(extraTypes: [SegmentationTypeRule(typeID: 0x3C, kind: .other),
                                                         SegmentationTypeRule(typeID: 0x34, kind: nil)])
        XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: 0x3C)), .other)
        XCTAssertNil(classifier.kind(forStart: C.segment(1, type: 0x34)))
        XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: 0x30)), .ad)
    }

    func testExtraRuleForChapterAppliesOnlyWhenNotARecap() throws {
        let classifier = try SpanClassifier(extraTypes: [SegmentationTypeRule(typeID: 0x20, kind: .other)])
        XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: 0x20, upid: "CHAPTER:act-1")), .other)
        XCTAssertEqual(classifier.kind(forStart: C.segment(1, type: 0x20, upid: "CHAPTER:recap")), .recap)
    }

    func testCustomPatternReplacesTheDefault() throws {
        let classifier = try SpanClassifier(recapPattern: "^zuvor\\b")
        XCTAssertEqual(classifier.kind(for: ChapterSignal(index: 0, title: "Zuvor bei Beispiel", endTicks: 1)), .recap)
        XCTAssertNil(classifier.kind(for: ChapterSignal(index: 0, title: "Recap", endTicks: 1)))
    }

    func testBadRegexIsATypedErrorNamingThePattern() {
        XCTAssertThrowsError(try SpanClassifier(recapPattern: "recap(")) { error in
            guard case let SpanClassifierError.invalidRecapPattern(pattern, _)? = error as? SpanClassifierError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(pattern, "recap(")
            XCTAssertTrue("\(error)".contains("\"recap(\""))
        }
    }

    func testDecodingConfigKeepsDefaultsForMissingKeysAndRejectsBadPattern() throws {
        let json = #"{"extraTypes":[{"typeID":60,"kind":"other"}],"unmatchedChapters":"other"}"#
        let decoded = try JSONDecoder().decode(SpanClassifier.self, from: Data(json.utf8))
        XCTAssertEqual(decoded, try SpanClassifier(extraTypes: [SegmentationTypeRule(typeID: 0x3C, kind: .other)],
                                                   unmatchedChapters: .other))
        let bad = #"{"recapPattern":"[a-"}"#
        XCTAssertThrowsError(try JSONDecoder().decode(SpanClassifier.self, from: Data(bad.utf8))) { error in
            guard case let SpanClassifierError.invalidRecapPattern(pattern, _)? = error as? SpanClassifierError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(pattern, "[a-")
        }
    }

    func testClassifierRoundTripsIncludingDisabledSpliceInsert() throws {
        let classifier = try SpanClassifier(recapPattern: "rückblick", spliceInsertKind: nil, containerTypes: [0x22],
                                            segmentationAutoReturn: true)
        let data = try JSONEncoder().encode(classifier)
        XCTAssertEqual(try JSONDecoder().decode(SpanClassifier.self, from: data), classifier)
    }
}
