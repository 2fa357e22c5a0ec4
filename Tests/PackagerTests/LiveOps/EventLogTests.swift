import Foundation
import XCTest
@testable import Packager

final class EventLogTests: XCTestCase {
    /// 2024-05-01T12:00:00.123Z
    private let fixed = Date(timeIntervalSince1970: 1_714_564_800.123)

    func testLineHasFixedKeysFirstThenFieldsInInsertionOrder() {
        let recorder = LineRecorder()
        let log = EventLog(channel: "news", clock: { [fixed] in fixed }, output: recorder.append)
        log.info(.segment, ["rendition": "video", "index": 42, "duration": 2.002, "independent": true])
        XCTAssertEqual(recorder.lines, [
            #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"segment","channel":"news","rendition":"video","index":42,"duration":2.002,"independent":true}"# + "\n",
        ])
    }

    func testLevelsAndMissingChannelAreWrittenAsGiven() {
        let recorder = LineRecorder()
        let log = EventLog(clock: { [fixed] in fixed }, output: recorder.append)
        log.warn(.input, ["action": "retry"])
        log.error("custom")
        XCTAssertEqual(recorder.lines, [
            #"{"ts":"2024-05-01T12:00:00.123Z","level":"warn","event":"input","action":"retry"}"# + "\n",
            #"{"ts":"2024-05-01T12:00:00.123Z","level":"error","event":"custom"}"# + "\n",
        ])
    }

    func testQuotesBackslashesControlCharactersAndNonFiniteNumbersAreEscapedDeterministically() throws {
        let recorder = LineRecorder()
        let log = EventLog(channel: "a\"b", clock: { [fixed] in fixed }, output: recorder.append)
        let message = "bad \"x\"\\path\n\t\u{01}\u{1F} é"
        log.error(.error, ["message": .string(message), "ratio": .double(.infinity), "nan": .double(.nan)])
        let line = try XCTUnwrap(recorder.lines.first)
        XCTAssertEqual(line, #"{"ts":"2024-05-01T12:00:00.123Z","level":"error","event":"error","channel":"a\"b","message":"bad \"x\"\\path\n\t\u0001\u001f é","ratio":null,"nan":null}"# + "\n")
        // And a real JSON parser reads the original text back.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["message"] as? String, message)
        XCTAssertEqual(object["channel"] as? String, "a\"b")
    }

    func testFieldNamedLikeAFixedKeyIsPrefixedInsteadOfDuplicatingIt() {
        let recorder = LineRecorder()
        let log = EventLog(channel: "news", clock: { [fixed] in fixed }, output: recorder.append)
        log.info(.state, ["event": "x", "_event": "y", "channel": 7])
        XCTAssertEqual(recorder.lines, [
            #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"state","channel":"news","_event":"x","__event":"y","_channel":7}"# + "\n",
        ])
    }

    func testSettingAnExistingFieldReplacesItsValueInPlace() {
        var fields: LogFields = ["a": 1, "b": 2]
        fields.set("a", 3)
        fields.set("c", false)
        XCTAssertEqual(fields.pairs.map(\.key), ["a", "b", "c"])
        XCTAssertEqual(fields.pairs.map(\.value), [.int(3), .int(2), .bool(false)])
    }

    func testTimestampsAreUTCMillisecondsRoundedDownIncludingBeforeTheEpoch() {
        XCTAssertEqual(UTCTimestamp.iso8601Milliseconds(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(UTCTimestamp.iso8601Milliseconds(Date(timeIntervalSince1970: 1_714_564_800.123)),
                       "2024-05-01T12:00:00.123Z")
        XCTAssertEqual(UTCTimestamp.iso8601Milliseconds(Date(timeIntervalSince1970: 1_714_564_800.9999)),
                       "2024-05-01T12:00:00.999Z")
        XCTAssertEqual(UTCTimestamp.iso8601Milliseconds(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
        XCTAssertEqual(UTCTimestamp.iso8601Milliseconds(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000Z")
    }

    func testConcurrentCallersProduceWholeLinesInClockOrder() throws {
        let recorder = LineRecorder()
        let clock = TestClock(Date(timeIntervalSince1970: 1_714_564_800))
        let log = EventLog(channel: "news", clock: { clock.tick(0.001) }, output: recorder.append)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<250 { log.info(.publish, ["worker": .int(worker), "index": .int(index)]) }
        }
        let lines = recorder.lines
        XCTAssertEqual(lines.count, 2000)
        var timestamps: [String] = []
        for line in lines {
            XCTAssertTrue(line.hasSuffix("}\n"))
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            timestamps.append(try XCTUnwrap(object["ts"] as? String))
        }
        XCTAssertEqual(timestamps, timestamps.sorted())
        XCTAssertEqual(Set(timestamps).count, 2000)
        XCTAssertEqual(timestamps.last, "2024-05-01T12:00:01.999Z")
    }

    func testFileHandleOutputWritesOneLinePerEvent() throws {
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("log.jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let log = EventLog(channel: "news", handle: handle, clock: { [fixed] in fixed })
        log.info(.cue, ["id": 1])
        log.info(.cue, ["id": 2])
        try handle.close()
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8),
                       #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"cue","channel":"news","id":1}"# + "\n"
                       + #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"cue","channel":"news","id":2}"# + "\n")
    }

    func testPublishEventsBecomePublishLines() throws {
        let recorder = LineRecorder()
        let log = EventLog(channel: "news", clock: { [fixed] in fixed }, output: recorder.append)
        log.log(PublishEvent.published(name: "video/seg_00042.ts", kind: .segment, bytes: 188_000, latencySeconds: 0.25))
        log.log(PublishEvent.superseded(name: "video/index.m3u8"))
        let failure = HTTPSinkError.closed(name: "video/index.m3u8")
        log.log(PublishEvent.failed(name: "video/index.m3u8", error: failure))
        let lines = recorder.lines
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0], #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"publish","channel":"news","action":"put","name":"video/seg_00042.ts","kind":"segment","bytes":188000,"latency_s":0.25}"# + "\n")
        XCTAssertEqual(lines[1], #"{"ts":"2024-05-01T12:00:00.123Z","level":"info","event":"publish","channel":"news","action":"superseded","name":"video/index.m3u8"}"# + "\n")
        let failed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        XCTAssertEqual(failed["level"] as? String, "error")
        XCTAssertEqual(failed["action"] as? String, "failed")
        XCTAssertEqual(failed["error"] as? String, failure.description)
    }
}
