import Foundation
import XCTest
@testable import Packager

/// `live.durability` / `--durability`: fsync every published file (power) unless asked to leave
/// the write-back to the kernel (process).
final class LiveDurabilityOptionTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func options(_ live: String) throws -> LiveOptions {
        try LiveConfigurationFile.options(live, in: scratch)
    }

    func testPowerIsTheDefaultAndProcessIsChosenByTheKey() throws {
        XCTAssertEqual(try options("").durability, .power)
        XCTAssertEqual(try options(#", "durability": "power""#).durability, .power)
        XCTAssertEqual(try options(#", "durability": "process""#).durability, .process)
    }

    func testAnUnknownDurabilityIsRefusedNamingTheKeyAndTheValue() throws {
        XCTAssertThrowsError(try options(#", "durability": "disk""#)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "live.durability")
            XCTAssertTrue(String(describing: error).contains("'disk' is not power (fsync every published file) or process"), "\(error)")
        }
    }

    /// The state file is kill-safe either way: saved, replaced and read back whole.
    func testTheStateIsSavedAndReadBackWithoutFsync() throws {
        let store = JournaledLiveStateStore(directory: scratch, durability: .process)
        var state = LiveState(options: try options(""))
        state.nextSegmentIndex = 41
        try store.save(state, at: Date(timeIntervalSince1970: 1_796_130_000))
        state.nextSegmentIndex = 42
        try store.save(state, at: Date(timeIntervalSince1970: 1_796_130_006))
        XCTAssertEqual(try store.load()?.nextSegmentIndex, 42)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".pkgctl") },
                       [StateJournal.name, LiveStateFile.name], "no temp file left beside them")
    }
}
