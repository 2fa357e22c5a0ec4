import Foundation
import XCTest
@testable import Packager

/// One configuration resolved per mode: defaults applied in one place, keys that do not apply to
/// the mode refused naming the key (or the flag) they came from, flags merged over the file.
final class ConfigurationResolveTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func load(_ json: String) throws -> PipelineConfiguration {
        let url = scratch.appendingPathComponent("c.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: url.path)
    }

    private func flags(_ edit: (inout PipelineConfiguration) -> Void) -> PipelineConfiguration {
        var c = PipelineConfiguration()
        edit(&c)
        return c
    }

    func testLiveRefusesAStartDateNamingTheKeyAndTheFile() throws {
        let c = try load(#"{"output": {"start_date": "2026-01-01T00:00:00Z"}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        XCTAssertThrowsError(try c.liveOptions()) { error in
            let e = error as? ConfigError
            XCTAssertEqual(e?.path, "output.start_date")
            XCTAssertEqual(e?.file, scratch.appendingPathComponent("c.json").path)
        }
    }

    /// ISO 8601 takes year 99999; the PDT it made failed pkgctl's own validate (years 1900–2150).
    func testVodRefusesAStartDateWhoseYearNoPlaylistReaderTakes() throws {
        for (date, year) in [("99999-01-01T00:00:00Z", 99999), ("1899-12-31T23:59:59Z", 1899)] {
            let c = try load(#"{"output": {"start_date": "\#(date)"}}"#)
            XCTAssertThrowsError(try c.vodOptions()) { error in
                XCTAssertEqual((error as? ConfigError)?.path, "output.start_date")
                XCTAssertTrue(String(describing: error).hasSuffix(
                    "year \(year) is outside 1900–2150, the years players and pkgctl validate read"), "\(error)")
            }
        }
        let edge = try load(#"{"output": {"start_date": "2150-12-31T23:59:59.999Z"}}"#)
        XCTAssertEqual(try edge.vodOptions().startDate, ISODate.parse("2150-12-31T23:59:59.999Z"))
    }

    /// 1e20 passed the whole-number test and trapped the process converting it to Int.
    func testAWindowOfMoreThanAMillionSegmentsIsRefusedNamingTheKey() throws {
        XCTAssertThrowsError(try load(#"{"live": {"window_segments": 1e20}}"#)) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "live.window_segments")
            XCTAssertTrue(String(describing: error).hasSuffix("expected a whole number of segments, 1…1000000"), "\(error)")
        }
        XCTAssertEqual(try load(#"{"live": {"window_segments": 1000000}}"#).live.windowSegments, 1_000_000)
    }

    func testLiveRefusesChaptersAndVodRefusesLiveKeys() throws {
        let live = try load(#"{"cues": {"chapters": true}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        XCTAssertThrowsError(try live.liveOptions()) { XCTAssertEqual(($0 as? ConfigError)?.path, "cues.chapters") }
        let vod = try load(#"{"live": {"window_seconds": 30}}"#)
        XCTAssertThrowsError(try vod.vodOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "live.window_seconds")
            XCTAssertTrue(String(describing: error).contains("applies to pkgctl live only"), "\(error)")
        }
    }

    func testLiveTakesTheEngineAndSCTE35PassthroughKeys() throws {
        let c = try load(#"{"segments": {"engine": "libavformat", "scte35_passthrough": false}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        let o = try c.liveOptions()
        XCTAssertEqual(o.engine, .libavformat)
        XCTAssertFalse(o.scte35Passthrough)
        let defaults = try load(#"{"live": {"input": "udp://x:1", "output": "/tmp/o"}}"#).liveOptions()
        XCTAssertEqual(defaults.engine, .auto)
        XCTAssertTrue(defaults.scte35Passthrough)
    }

    func testFlagOverridesTheFileAndIsNamedInItsError() throws {
        let file = try load(#"{"segments": {"duration": 4}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        let merged = file.merging(flags { $0.segments.duration = 45; $0.note("segments.duration", from: "--segment-duration") })
        XCTAssertThrowsError(try merged.liveOptions()) { error in
            XCTAssertEqual(String(describing: error), "option '--segment-duration': 45.0 is outside 1.0…30.0 seconds")
        }
        let fine = file.merging(flags { $0.segments.duration = 2 })
        XCTAssertEqual(try fine.liveOptions().segmentDuration, 2)
        XCTAssertEqual(try file.liveOptions().segmentDuration, 4)
    }

    func testEveryDefaultOfEachModeComesFromTheResolve() throws {
        let vod = try PipelineConfiguration().vodOptions()
        XCTAssertEqual(vod.defaultPlacement, .strip)
        XCTAssertEqual(vod.assetBaseURL?.absoluteString, "http://127.0.0.1:8000/")
        var c = PipelineConfiguration()
        c.live.input = "udp://239.1.1.1:5000"
        c.live.output = "https://origin.example/live/news"
        let live = try c.liveOptions()
        XCTAssertEqual(live.defaultPlacement, .overlay)
        XCTAssertEqual(live.assetBaseURL?.absoluteString, "https://origin.example/live/news/",
                       "assets sit beside the output on an origin")
        XCTAssertEqual(live.inputOptions["fifo_size"], "11155", "2 MiB of 188-byte packets")
        XCTAssertEqual(live.windowSeconds, 60)
    }

    func testPlacementGivenOnTopReplacesThePerKindPlacementsBeneathIt() throws {
        let file = try load(#"{"placement": {"default": "strip", "recap": "overlay"}}"#)
        XCTAssertEqual(try file.vodOptions().placementByKind, [.recap: .overlay])
        let merged = file.merging(flags { $0.placementDefault = .overlay })
        XCTAssertEqual(try merged.vodOptions().placementByKind, [:])
        XCTAssertEqual(try merged.vodOptions().defaultPlacement, .overlay)
    }

    func testLegacyDialectsReachLiveToo() throws {
        let c = try load(#"{"legacy_dialects": ["elemental"], "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        XCTAssertEqual(try c.liveOptions().legacyDialects, [.elemental])
    }

    /// `vod.durability` is vod's own key: the default depends on the caller (a single title or a
    /// batch), a flag overrides the file, a bad word and live both refuse it by name.
    func testVodDurabilityDefaultsPerCallerAndIsRefusedByLive() throws {
        let unset = try load(#"{"segments": {"duration": 4}}"#)
        XCTAssertEqual(try unset.vodDurability(default: .process), .process)
        XCTAssertEqual(try unset.vodDurability(default: .power), .power)
        let file = try load(#"{"vod": {"durability": "process"}, "live": {"input": "udp://x:1", "output": "/tmp/o"}}"#)
        XCTAssertEqual(try file.vodDurability(default: .power), .process)
        let flagged = file.merging(flags { $0.vod.durability = "power"; $0.note("vod.durability", from: "--durability") })
        XCTAssertEqual(try flagged.vodDurability(default: .process), .power)
        XCTAssertThrowsError(try flagged.vodDurability(default: .process, isHTTPOutput: true)) { error in
            XCTAssertEqual(String(describing: error), "option '--durability': applies to a directory output"
                           + " (an http(s) origin stores what it is sent as it will)")
        }
        XCTAssertEqual(try unset.vodDurability(default: .process, isHTTPOutput: true), .process)
        XCTAssertThrowsError(try file.liveOptions()) { error in
            XCTAssertEqual((error as? ConfigError)?.path, "vod.durability")
            XCTAssertTrue(String(describing: error).contains("applies to pkgctl vod only"), "\(error)")
        }
        let bad = try load(#"{"vod": {"durability": "disk"}}"#)
        XCTAssertThrowsError(try bad.vodDurability(default: .process)) { error in
            XCTAssertEqual(String(describing: error), "\(scratch.appendingPathComponent("c.json").path): vod.durability: "
                           + "'disk' is not power (fsync the output before it is swapped in) or process (leave write-back to the kernel)")
        }
        XCTAssertThrowsError(try load(#"{"vod": {"durable": true}}"#)) { error in
            XCTAssertTrue(String(describing: error).contains("vod.durable"), "\(error)")
        }
    }
}
