import Foundation
import XCTest
@testable import Packager

/// The fingerprint committed in each output: read back exactly, and compared for what matters.
final class TitleFingerprintTests: XCTestCase {
    private let digest = ConfigurationDigest(text: "settings")

    func testFingerprintReadsBackExactlyIncludingNanosecondTimes() throws {
        let stored = TitleFingerprint(input: .file(path: "/in/a.ts", size: 585_432, modifiedNanoseconds: 1_796_129_294_813_398_293),
                                      sidecar: .http(url: "https://cues.example.com/a.txt", etag: "\"5f-1a\"", lastModified: nil, length: 95),
                                      configuration: digest, convertedAt: Date(timeIntervalSince1970: 1_767_297_600.25))
        let read = try TitleFingerprint(data: stored.data, location: "out/a/fingerprint.json")
        XCTAssertEqual(read, stored)
        XCTAssertNil(read.reasonToConvert(over: stored))
    }

    func testReasonNamesWhatChanged() {
        let input = InputFingerprint.file(path: "/in/a.ts", size: 10, modifiedNanoseconds: 5)
        let stored = TitleFingerprint(input: input, sidecar: nil, configuration: digest, convertedAt: nil)
        var touched = stored
        touched.input = .file(path: "/in/a.ts", size: 10, modifiedNanoseconds: 6)
        XCTAssertEqual(touched.reasonToConvert(over: stored), "input changed")
        var cued = stored
        cued.sidecar = .file(path: "/cues/a.txt", size: 1, modifiedNanoseconds: 1)
        XCTAssertEqual(cued.reasonToConvert(over: stored), "sidecar changed")
        let configured = TitleFingerprint(input: input, sidecar: nil, configuration: ConfigurationDigest(text: "other"), convertedAt: nil)
        XCTAssertEqual(configured.reasonToConvert(over: stored), "configuration changed")
        var later = stored
        later.convertedAt = Date()
        XCTAssertNil(later.reasonToConvert(over: stored), "when it was made does not matter")
    }

    func testAnotherFormatOrVersionIsRefusedNamingTheFile() {
        for text in [#"{"format": "pkgctl-vod-fingerprint", "version": 2}"#, "[]", #"{"format": "x", "version": 1}"#] {
            XCTAssertThrowsError(try TitleFingerprint(data: Data(text.utf8), location: "out/a/fingerprint.json")) { error in
                XCTAssertTrue(String(describing: error).hasPrefix("fingerprint 'out/a/fingerprint.json': "), "\(error)")
            }
        }
    }

    func testAnHTTPInputWithoutValidatorsCannotShowAChange() {
        XCTAssertFalse(InputFingerprint.http(url: "http://h/a.ts", etag: nil, lastModified: nil, length: 10).detectsChange)
        XCTAssertTrue(InputFingerprint.http(url: "http://h/a.ts", etag: "\"x\"", lastModified: nil, length: nil).detectsChange)
        XCTAssertTrue(InputFingerprint.file(path: "/a", size: 1, modifiedNanoseconds: 1).detectsChange)
    }
}
