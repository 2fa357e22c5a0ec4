import Foundation
import XCTest
@testable import Packager

/// SortedJSONEncoder must write Foundation's `[.sortedKeys, .prettyPrinted]` bytes exactly, and
/// compact (`pretty: false`) its `[.sortedKeys]` bytes: the live state files and journals of
/// channels saved by earlier builds and by this one must read and diff alike.
final class SortedJSONEncoderTests: XCTestCase {
    private func foundation<T: Encodable>(_ value: T, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return try encoder.encode(value)
    }

    /// Both layouts, each against Foundation's.
    private func assertSameBytes<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        for pretty in [true, false] {
            let ours = try SortedJSONEncoder(pretty: pretty).encode(value)
            let theirs = try foundation(value, pretty: pretty)
            XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: theirs, as: UTF8.self), file: file, line: line)
            XCTAssertEqual(ours, theirs, "pretty: \(pretty)", file: file, line: line)
        }
    }

    func testLiveStateOfARunWithBreaksIsWrittenAsFoundationWritesIt() throws {
        let output = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try InProcessLive.runKeepingEverything({ _ in }, input: TestMedia.liveTS, output: output)
        XCTAssertEqual(run.outcome, .stopped)
        let saved = try Data(contentsOf: output.appendingPathComponent(LiveStateFile.name))
        let envelope = try JSONDecoder().decode(LiveStateEnvelope<LiveState>.self, from: saved)
        try assertSameBytes(envelope)
        // The windows' segments and the ledger's date ranges are in the state journal; with them
        // back, the state as version 3 wrote it, a thousand times over for a 2-hour window.
        let restored = try XCTUnwrap(JournaledLiveStateStore(directory: output, durability: .process).load())
        XCTAssertGreaterThan(restored.window.segments.count, 5)
        XCTAssertFalse(restored.ledger.ids.isEmpty, "the run published spans")
        try assertSameBytes(restored)
        XCTAssertEqual(saved, try foundation(envelope) + Data("\n".utf8))
        // The journal: every line as JSONEncoder writes it with `.sortedKeys`.
        let journal = try Data(contentsOf: output.appendingPathComponent(StateJournal.name))
        let lines = try XCTUnwrap(StateJournal(directory: output, durability: .process).read())
        XCTAssertGreaterThan(lines.count, 5)
        XCTAssertEqual(journal, try lines.reduce(Data()) { $0 + (try foundation($1, pretty: false)) + Data("\n".utf8) })
        XCTAssertEqual(try SortedJSONEncoder(pretty: false).encodeLines(lines), journal)
    }

    /// Member orders are reused between objects of the same keys only: objects of as many keys
    /// but other names, the same names set in another order, or a key more, each sort their own.
    func testObjectsOfTheSameSizeButOtherKeysEachGetTheirOwnOrder() throws {
        let objects: [[String: Int]] = [
            ["b": 1, "a": 2, "c": 3], ["y": 1, "x": 2, "z": 3], ["c": 1, "b": 2, "a": 3],
            ["b": 4, "a": 5, "c": 6], ["a": 1, "b": 2], ["b": 1, "a": 2, "c": 3, "d": 4],
        ]
        try assertSameBytes(objects)
        try assertSameBytes((0..<100).map { ["k\($0 % 3)": $0, "j\($0 % 5)": $0, "shared": 1] })
    }

    private struct Everything: Codable {
        enum Shape: Codable { case point, circle(radius: Double), named(String, tags: [String]) }
        enum Level: String, Codable { case low, high }
        var int8: Int8 = -128, int16: Int16 = -32_768, int32: Int32 = .min, int64: Int64 = .min, int: Int = .max
        var uint8: UInt8 = 255, uint16: UInt16 = .max, uint32: UInt32 = .max, uint64: UInt64 = .max, uint: UInt = 7
        var float: Float = 0.1, double: Double = 6, negativeZero: Double = -0.0, tiny: Double = .leastNonzeroMagnitude
        var text = "a/b\"\\\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}é😀"
        var bools = [true, false]
        var missing: Int?
        var present: Int? = 3
        var nestedOptional: [Int?] = [1, nil, 2]
        var emptyArray: [String] = []
        var emptyObject: [String: Int] = [:]
        var emptyNested: [[Int]] = [[]]
        var keys: [String: Int] = ["z": 1, "Z": 2, "a": 3, "é": 4, "aa": 5, "a/b": 6, "": 7]
        var intKeys: [Int: String] = [10: "ten", 2: "two", -1: "minus one"]
        var shapes: [Shape] = [.point, .circle(radius: 2.5), .named("x", tags: ["p", "q"])]
        var level = Level.high
        var levels: [Level: Int] = [.low: 1, .high: 2]
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.com/a%20b?x=1")
        var date = Date(timeIntervalSince1970: 1_796_422_243.702_223_8)
    }

    func testEveryKindOfValueIsWrittenAsFoundationWritesIt() throws {
        try assertSameBytes(Everything())
        try assertSameBytes([Everything(), Everything()])
    }

    private enum Key: String, CodingKey { case x, p, q, list }

    /// Hand-written encode(to:): a container asked for twice, an empty super-encoder, a keyed one.
    private class Base: Encodable {
        func encode(to encoder: Encoder) throws {}
    }

    private final class Custom: Base {
        override func encode(to encoder: Encoder) throws {
            var top = encoder.container(keyedBy: Key.self)
            var first = top.nestedContainer(keyedBy: Key.self, forKey: .x)
            try first.encode(1, forKey: .p)
            var again = top.nestedContainer(keyedBy: Key.self, forKey: .x)
            try again.encode(2, forKey: .q)
            var list = top.nestedUnkeyedContainer(forKey: .list)
            try list.encode(3)
            var more = top.nestedUnkeyedContainer(forKey: .list)
            try more.encode(4)
            try super.encode(to: top.superEncoder())
            var keyed = top.superEncoder(forKey: .q).container(keyedBy: Key.self)
            try keyed.encode("s", forKey: .p)
        }
    }

    private struct Wide: Codable { var big = Int128.min, huge = UInt128.max }

    private struct Silent: Encodable { func encode(to encoder: Encoder) throws {} }

    func testHandWrittenEncodingsAreWrittenAsFoundationWritesThem() throws {
        try assertSameBytes(Custom())
        try assertSameBytes(Wide())
        try assertSameBytes([Silent()])
        XCTAssertThrowsError(try foundation(Silent()))
        XCTAssertThrowsError(try SortedJSONEncoder().encode(Silent()))
    }

    func testTopLevelFragmentsAreWrittenAsFoundationWritesThem() throws {
        try assertSameBytes(5)
        try assertSameBytes("x/y")
        try assertSameBytes([String]())
        try assertSameBytes([String: Int]())
        try assertSameBytes(Int?.none)
    }

    func testDoublesFromRandomBitPatternsAreWrittenAsFoundationWritesThem() throws {
        var random = SplitMix64(seed: 0x5EED)
        var values: [Double] = [1e20, 1e16, 1e15, 1.5e-7, 0.1, 100, 123_456_789_012_345_678, 1.797_693_134_862_315_7e308]
        while values.count < 2_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
            values.append(Double(Int64(bitPattern: random.next()) >> 20) / 1000)
        }
        try assertSameBytes(values)
        try assertSameBytes(values.map { Float($0) }.filter(\.isFinite))
    }

    func testNonFiniteNumbersThrowAsFoundationsDo() {
        XCTAssertThrowsError(try foundation([Double.nan]))
        XCTAssertThrowsError(try SortedJSONEncoder().encode([Double.nan])) { error in
            guard case EncodingError.invalidValue(_, let context)? = error as? EncodingError else {
                return XCTFail("expected invalidValue, got \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.intValue), [0])
        }
        XCTAssertThrowsError(try SortedJSONEncoder().encode(["x": Float.infinity]))
    }
}
