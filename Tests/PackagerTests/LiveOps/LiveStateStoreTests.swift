import Foundation
import XCTest
@testable import Packager

/// A stand-in for the channel state: its fields are tied together so a mixed or torn
/// version is detectable.
private struct ChannelState: Codable, Equatable {
    var mediaSequence: Int
    var discontinuitySequence: Int
    var openSpanIDs: [String]

    static func version(_ number: Int) -> ChannelState {
        ChannelState(mediaSequence: number, discontinuitySequence: number / 10,
                     openSpanIDs: (0..<(number % 60)).map { "span-\(number)-\($0)" })
    }

    var isConsistent: Bool { self == Self.version(mediaSequence) }
}

final class LiveStateStoreTests: XCTestCase {
    private var directory: URL?
    private let savedAt = Date(timeIntervalSince1970: 1_714_564_800.123)

    override func setUpWithError() throws { directory = try TestMedia.temporaryDirectory() }
    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
    }

    private func store(version: Int = 3) throws -> LiveStateStore<ChannelState> {
        LiveStateStore(directory: try XCTUnwrap(directory), version: version)
    }

    private func writeRaw(_ text: String) throws {
        try Data(text.utf8).write(to: try store().fileURL)
    }

    func testLoadWithoutAFileReturnsNil() throws {
        XCTAssertNil(try store().load())
    }

    func testSavedStateLoadsBackAndTheFileCarriesFormatVersionAndTime() throws {
        let store = try store()
        try store.save(.version(42), at: savedAt)
        XCTAssertEqual(try store.load(), .version(42))
        XCTAssertEqual(store.fileURL.lastPathComponent, ".pkgctl-live-state.json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: store.fileURL)) as? [String: Any])
        XCTAssertEqual(object["format"] as? String, "pkgctl-live-state")
        XCTAssertEqual(object["version"] as? Int, 3)
        XCTAssertEqual(object["savedAt"] as? String, "2024-05-01T12:00:00.123Z")
    }

    func testEmptyFileIsCorrupt() throws {
        try writeRaw("")
        let path = try store().fileURL.path
        XCTAssertThrowsError(try store().load()) { error in
            XCTAssertEqual(error as? LiveStateError, .corrupt(path: path, reason: "the file is empty"))
        }
    }

    func testTruncatedFileIsCorruptAndTheMessageNamesTheFileAndTheWayOut() throws {
        let store = try store()
        try store.save(.version(42), at: savedAt)
        let bytes = try Data(contentsOf: store.fileURL)
        try bytes.prefix(bytes.count / 2).write(to: store.fileURL)
        XCTAssertThrowsError(try store.load()) { error in
            guard case .corrupt(let path, _)? = error as? LiveStateError else {
                return XCTFail("expected corrupt, got \(error)")
            }
            XCTAssertEqual(path, store.fileURL.path)
            let message = String(describing: error)
            XCTAssertTrue(message.hasPrefix("live state file '\(store.fileURL.path)' is corrupt: "), message)
            XCTAssertTrue(message.contains("--reset-state"), message)
        }
    }

    func testOtherJSONIsCorruptWithTheFormatNamed() throws {
        try writeRaw(#"{"format":"something-else","version":3}"#)
        let path = try store().fileURL.path
        XCTAssertThrowsError(try store().load()) { error in
            XCTAssertEqual(error as? LiveStateError,
                           .corrupt(path: path, reason: "format is 'something-else', not 'pkgctl-live-state'"))
        }
    }

    func testStateMissingAFieldIsCorruptWithThePathOfTheField() throws {
        try writeRaw(#"{"format":"pkgctl-live-state","version":3,"savedAt":"x","state":{"mediaSequence":1,"openSpanIDs":[]}}"#)
        let path = try store().fileURL.path
        XCTAssertThrowsError(try store().load()) { error in
            XCTAssertEqual(error as? LiveStateError,
                           .corrupt(path: path, reason: "missing key 'discontinuitySequence' at state"))
        }
    }

    func testNewerAndOlderVersionsAreRefusedWithBothNumbers() throws {
        try store(version: 4).save(.version(1), at: savedAt)
        let path = try store().fileURL.path
        XCTAssertThrowsError(try store(version: 3).load()) { error in
            XCTAssertEqual(error as? LiveStateError, .newerVersion(path: path, found: 4, supported: 3))
        }
        XCTAssertThrowsError(try store(version: 5).load()) { error in
            XCTAssertEqual(error as? LiveStateError, .olderVersion(path: path, found: 4, supported: 5))
        }
    }

    func testAStateFileThatCannotBeReadReportsErrno() throws {
        let store = try store()
        try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertEqual(error as? LiveStateError, .unreadable(path: store.fileURL.path, errno: EISDIR))
        }
    }

    func testMoveAsideKeepsTheRejectedFileUnderATimestampedName() throws {
        let store = try store()
        try writeRaw("{garbage")
        let moved = try XCTUnwrap(try store.moveAside(at: savedAt))
        XCTAssertEqual(moved.lastPathComponent, ".pkgctl-live-state.json.rejected-2024-05-01T120000.123Z")
        XCTAssertEqual(try String(contentsOf: moved, encoding: .utf8), "{garbage")
        XCTAssertNil(try store.load())
        XCTAssertNil(try store.moveAside(at: savedAt))
    }

    func testConcurrentReaderAlwaysSeesACompleteOldOrNewVersion() throws {
        let store = try store()
        try store.save(.version(0), at: savedAt)
        let done = TestFlag()
        let finished = DispatchSemaphore(value: 0)
        let saveErrors = LineRecorder()
        Thread {
            for number in 1...300 {
                do { try store.save(.version(number), at: Date()) } catch { saveErrors.append("\(error)") }
            }
            done.set()
            finished.signal()
        }.start()

        var loads = 0
        var lastSeen = 0
        var problems: [String] = []
        while !done.isSet || loads == 0 {
            do {
                guard let state = try store.load() else { problems.append("file missing"); break }
                loads += 1
                if !state.isConsistent { problems.append("inconsistent \(state.mediaSequence)"); break }
                if state.mediaSequence < lastSeen { problems.append("went back to \(state.mediaSequence)"); break }
                lastSeen = state.mediaSequence
            } catch {
                problems.append("load \(loads): \(error)"); break
            }
        }
        finished.wait()
        XCTAssertEqual(problems, [])
        XCTAssertEqual(saveErrors.lines, [])
        XCTAssertGreaterThan(loads, 1)
        XCTAssertEqual(try store.load(), .version(300))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.directory.path),
                       [".pkgctl-live-state.json"])
    }
}
