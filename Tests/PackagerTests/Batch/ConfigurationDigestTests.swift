import Foundation
import XCTest
@testable import CueDetect
@testable import Packager

/// The configuration hash: equal settings give equal hashes in every process, any change of a
/// setting changes it.
final class ConfigurationDigestTests: XCTestCase {
    func testDictionaryOrderDoesNotChangeTheCanonicalText() {
        var small: [String: Int] = [:]
        var large: [String: Int] = [:]
        large.reserveCapacity(4096)
        for i in 0..<64 { small["k\(i)"] = i }
        for i in (0..<64).reversed() { large["k\(i)"] = i }
        XCTAssertNotEqual(Array(small.keys), Array(large.keys), "the two iterate in different orders")
        XCTAssertEqual(CanonicalText.of(small), CanonicalText.of(large))
        XCTAssertEqual(CanonicalText.of(Set(small.keys)), CanonicalText.of(Set(large.keys)))
    }

    /// The classifier compiles its built-in pattern when first used; its canonical text (and so
    /// every digest) is the one builds that compiled it in `init` wrote, before and after use.
    func testClassifierCanonicalTextIsTheCompiledFormBeforeAndAfterFirstUse() throws {
        let expected = #"SpanClassifier(recapPattern="recap|previously";spliceInsertKind=SpanKind.ad;"#
            + #"adStartTypes=[34,48,50,52,54,68,70];containerTypes=[34,68,70];extraTypes=[];"#
            + #"unmatchedChapters=UnmatchedChapters.ignore;segmentationAutoReturn=false;recapRegex=regex:1:"recap|previously";)"#
        let classifier = try SpanClassifier()
        XCTAssertEqual(CanonicalText.of(classifier), expected)
        XCTAssertTrue(classifier.matchesRecapPattern("Recap"))
        XCTAssertEqual(CanonicalText.of(classifier), expected)
    }

    func testEverySettingChangesTheDigest() throws {
        let standard = ConfigurationDigest(of: VodOptions())
        let resume = try SpanClassifier(recapPattern: "resume")
        XCTAssertEqual(ConfigurationDigest(of: VodOptions()), standard)
        var changes: [(String, VodOptions)] = []
        func change(_ name: String, _ edit: (inout VodOptions) -> Void) {
            var options = VodOptions()
            edit(&options)
            changes.append((name, options))
        }
        change("format") { $0.segmentFormat = .fmp4 }
        change("duration") { $0.segmentDuration = 4 }
        change("placement") { $0.defaultPlacement = .overlay }
        change("kind placement") { $0.placementByKind[.recap] = .overlay }
        change("asset base") { $0.assetBaseURL = URL(string: "https://cdn.example.com/a/") }
        change("start date") { $0.startDate = Date(timeIntervalSince1970: 1_767_297_600) }
        change("sidecar") { $0.sidecar = URL(fileURLWithPath: "/cues/a.txt") }
        change("chapters") { $0.chapters = true }
        change("lost cues") { $0.lostCues.graceTicks += 1 }
        change("policy") { $0.policy.rules["ad"]?.cueOnce = true }
        change("dialects") { $0.legacyDialects = [.elemental] }
        change("recap pattern") { $0.classifier = resume }
        let digests = changes.map { ConfigurationDigest(of: $0.1) }
        for (name, digest) in zip(changes.map(\.0), digests) { XCTAssertNotEqual(digest, standard, name) }
        XCTAssertEqual(Set(digests).count, changes.count, "all different")
    }

    func testDigestIsPrintedAsSixteenHexDigits() {
        XCTAssertEqual(ConfigurationDigest(text: "").description, "fnv1a64:cbf29ce484222325")
        XCTAssertEqual(ConfigurationDigest(text: "a").description, "fnv1a64:af63dc4c8601ec8c")
    }
}
