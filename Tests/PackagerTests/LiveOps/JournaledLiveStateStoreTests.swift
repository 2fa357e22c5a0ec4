import Foundation
import DateRangeWriter
import XCTest
@testable import Packager

/// The live state split between `.pkgctl-live-state.json` and the state journal: what a
/// restart reads back, what each save writes, and what a cut-off or damaged journal does.
final class JournaledLiveStateStoreTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private let saveTime = Date(timeIntervalSince1970: 1_796_130_000)

    private func store() -> JournaledLiveStateStore {
        JournaledLiveStateStore(directory: scratch, durability: .process)
    }

    /// Two renditions with a 4-segment window (2 s segments, target 2), the way
    /// `LivePresentation` lists segments: appended, noted listed, the ones that leave noted removed.
    private func state(windowSegments: Int = 4) -> LiveState {
        var o = LiveOptions()
        o.targetDuration = 2
        o.windowSegments = windowSegments
        o.windowSeconds = nil
        var state = LiveState(options: o)
        state.ensureRenditions(2, options: o)
        return state
    }

    /// Save `i` of a sliding channel: one segment more per rendition, and the names whose
    /// availability ended deleted. Segment j leaves the windows with save j + 4 and may be deleted
    /// from 120 + j on (see testASaveAppendsOnlyTheSegmentsListedSinceTheLastOne): deleted at save
    /// j + 20.
    private func slide(_ s: inout LiveState, save i: Int) {
        list(1, in: &s)
        for name in s.retention.due(at: 100 + Double(i)) { s.retention.noteDeleted(name: name) }
    }

    /// A checkpoint of `s` whose state file cannot be written (a directory is in its way): the
    /// save fails after rewriting the journal; the old state file is put back.
    private func failCheckpoint(_ store: JournaledLiveStateStore, _ s: LiveState) throws {
        let file = scratch.appendingPathComponent(LiveStateFile.name)
        let aside = scratch.appendingPathComponent("aside.json")
        try FileManager.default.moveItem(at: file, to: aside)
        try FileManager.default.createDirectory(at: file.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try store.save(s, at: saveTime, checkpoint: true))
        try FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: aside, to: file)
    }

    private func list(_ count: Int, in state: inout LiveState) {
        for _ in 0..<count {
            for k in 0..<state.renditionCount {
                let index = state.takeSegmentIndex(rendition: k)
                let record = SegmentRecord(uri: String(format: "seg_%05d.ts", index), durationTicks: 180_000 + Int64(k),
                                           startTicks: Int64(index) * 180_000, bytes: 1000 + index, discontinuity: index % 7 == 3,
                                           programDateTimeMillis: 1_796_130_000_000 + Int64(index) * 2000)
                let dir = OutputLayout.rendition(k) + "/"
                let removed = state.append(record, rendition: k)
                state.retention.noteListed(name: dir + record.uri, duration: 2, at: 100 + Double(index))
                for old in removed { state.retention.noteRemoved(name: dir + old.uri, playlistDuration: 8, at: 100 + Double(index)) }
            }
        }
    }

    /// `.pkgctl-live-state.json` as a JSON object.
    private func stateFile() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.appendingPathComponent(LiveStateFile.name)))
        return try XCTUnwrap(object as? [String: Any])
    }

    private func journalLines() throws -> [String] {
        let text = try String(contentsOf: scratch.appendingPathComponent(StateJournal.name), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// Writes `bytes` at the end of the journal as another process would (a save cut off).
    private func appendToJournal(_ bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: scratch.appendingPathComponent(StateJournal.name))
        handle.seekToEndOfFile()
        handle.write(bytes)
        try handle.close()
    }

    private func removalLineCount() throws -> Int {
        try journalLines().filter { $0.contains(#""removal":"#) }.count
    }

    /// `state` as versions 4 and 5 saved it, save number `generation`: the names waiting to be
    /// deleted inline, no count of removal lines.
    private func withWaitingNamesInline(_ state: LiveState, generation: Int) -> LiveState {
        var saved = state.withoutJournaled(generation: generation)
        saved.journaledRemovals = nil
        saved.retention.restorePending(state.retention.deletableAt)
        return saved
    }

    private func assertSameWindows(_ loaded: LiveState?, _ expected: LiveState, file: StaticString = #filePath, line: UInt = #line) {
        guard let loaded else { return XCTFail("nothing loaded", file: file, line: line) }
        XCTAssertEqual(loaded.window, expected.window, file: file, line: line)
        XCTAssertEqual(loaded.renditionWindows, expected.renditionWindows, file: file, line: line)
        // Listings come back for the segments in windows; one of a name in no window is never read.
        var listed = expected.retention
        for name in expected.retention.listed.keys where !windowNames(expected).contains(name) {
            listed.noteRemoved(name: name, playlistDuration: 0, at: 0)
            listed.noteDeleted(name: name)
        }
        XCTAssertEqual(loaded.retention, listed, file: file, line: line)
        XCTAssertNil(loaded.journaledSegments, file: file, line: line)
    }

    private func windowNames(_ state: LiveState) -> Set<String> {
        Set((0..<state.renditionCount).flatMap { k in state.window(k).segments.map { OutputLayout.rendition(k) + "/" + $0.uri } })
    }

    func testWindowsAndTheirRetentionListingsComeBackFromTheJournal() throws {
        var s = state()
        list(9, in: &s)
        try store().save(s, at: saveTime)
        let loaded = try store().load()
        assertSameWindows(loaded, s)
        XCTAssertEqual(loaded?.window.mediaSequence, 5)
        XCTAssertEqual(loaded?.window.segments.map(\.uri), ["seg_00005.ts", "seg_00006.ts", "seg_00007.ts", "seg_00008.ts"])
        XCTAssertEqual(loaded?.retention.deletableAt.count, 10, "removed segments come back from their journal lines")
        XCTAssertEqual(loaded?.retention, s.retention, "every listing is a window segment's")
    }

    func testTheStateFileCountsTheSegmentsInsteadOfListingThem() throws {
        var s = state()
        list(9, in: &s)
        try store().save(s, at: saveTime)
        let object = try stateFile()
        let saved = try XCTUnwrap(object["state"] as? [String: Any])
        XCTAssertEqual(saved["journaledSegments"] as? [Int], [4, 4])
        XCTAssertEqual(((saved["window"] as? [String: Any])?["segments"] as? [Any])?.count, 0)
        XCTAssertEqual(((saved["retention"] as? [String: Any])?["listed"] as? [String: Any])?.count, 0)
        XCTAssertEqual(((saved["retention"] as? [String: Any])?["deletableAt"] as? [String: Any])?.count, 0)
        XCTAssertEqual(saved["journaledRemovals"] as? Int, 10)
        XCTAssertEqual(object["version"] as? Int, 6)
    }

    func testASaveAppendsOnlyTheSegmentsListedSinceTheLastOne() throws {
        let store = store()
        var s = state()
        list(3, in: &s)
        try store.save(s, at: saveTime)
        XCTAssertEqual(try journalLines().count, 6 + 1)
        list(2, in: &s)
        try store.save(s, at: saveTime)
        try store.save(s, at: saveTime)
        let lines = try journalLines()
        XCTAssertEqual(lines.count, 7 + (4 + 2 + 1) + 1,
                       "two new segments for each of two renditions, the two they pushed out of the windows and a state line;"
                       + " only a state line for a save without news")
        XCTAssertTrue(lines[14].hasPrefix(#"{"generation":3,"state":{"announcedBandwidth":0,"#), lines[14])
        XCTAssertTrue(lines[13].hasPrefix(#"{"generation":2,"state":{"#), lines[13])
        // Listed at 100, 2 s long, in a playlist of 8 s, kept 10 s extra (LiveOptions' default).
        XCTAssertEqual(lines[11], #"{"generation":2,"removal":{"deletableAt":120,"name":"primary\/seg_00000.ts"}}"#)
        XCTAssertEqual(lines[12], #"{"generation":2,"removal":{"deletableAt":120,"name":"primary_1\/seg_00000.ts"}}"#)
        XCTAssertEqual(lines[10], #"{"generation":2,"segment":{"listed":{"duration":2,"firstListed":104},"rendition":1,"#
                       + #""segment":{"bytes":1004,"discontinuity":false,"durationTicks":180001,"gap":false,"#
                       + #""programDateTimeMillis":1796130008000,"startTicks":720000,"uri":"seg_00004.ts"},"sequence":4}}"#)
        assertSameWindows(try self.store().load(), s)
    }

    /// A save past the bounds only appends; the rewrite comes with `compactIfDue` (after the
    /// playlists), of the state saved last even when another save came in between.
    func testTheRewriteWaitsForCompactionAndTakesTheStateSavedLast() throws {
        let store = store()
        var s = state()
        var counts: [Int] = []
        // As in the test below: save 27 takes the journal past its bound (148 lines > 144).
        for i in 0..<30 {
            slide(&s, save: i)
            try store.save(s, at: saveTime)
            counts.append(try journalLines().count)
        }
        XCTAssertEqual(counts, counts.sorted(), "no save rewrote it")
        XCTAssertEqual(counts[27], 148)
        let before = try journalLines().count
        store.compactIfDue()
        XCTAssertLessThan(try journalLines().count, before)
        assertSameWindows(try self.store().load(), s)
        store.compactIfDue()
        XCTAssertLessThan(try journalLines().count, before, "nothing more to do")
    }

    /// A save that fails after one that called for a rewrite leaves nothing to compact: the
    /// rewrite would be of a state older than the failed save's number, whose lines a restart
    /// passes over. The next save that succeeds calls for it again.
    func testAFailedSaveDropsTheRewriteTheSaveBeforeCalledFor() throws {
        let store = store()
        var s = state()
        for i in 0..<28 {
            slide(&s, save: i)
            try store.save(s, at: saveTime)
        }
        try failCheckpoint(store, s)
        store.compactIfDue()
        assertSameWindows(try self.store().load(), s)
    }

    func testTheJournalIsRewrittenOnceItHoldsTwiceTheWindowsAndStillLoads() throws {
        let store = store()
        var s = state()
        var longest = 0
        for i in 0..<60 {
            slide(&s, save: i)
            try store.save(s, at: saveTime)
            longest = max(longest, try journalLines().count)
            // As the publisher does once the save's playlists are out.
            store.compactIfDue()
        }
        // Lines a save: a segment of each rendition and the state line (saves 0-3: 12 lines); from
        // save 4 on also the two segments that left the windows (5 a save: 92 after save 19);
        // from save 20 on also the two deleted (7 a save). Then 8 listed segments and 32 waiting
        // to be deleted: save 27 takes it past twice their 40 plus 64 (148 > 144), and the
        // compaction after it rewrites it.
        XCTAssertEqual(longest, 92 + 7 * 8)
        XCTAssertLessThan(try journalLines().count, longest)
        assertSameWindows(try self.store().load(), s)
    }

    /// A cut-off run: lines appended for a save that never wrote its state line, the last of
    /// them torn. The state saved before them decides.
    func testLinesPastTheSavedStateAndATornLastLineAreIgnored() throws {
        let store = store()
        var s = state()
        list(5, in: &s)
        try store.save(s, at: saveTime)
        // The lines a next save (generation 2) appended for the segments it lists, in the same
        // window positions as the saved ones (the window slid by two), before it was cut off.
        var later = s
        list(2, in: &later)
        let extra = try JSONEncoder().encode(later.journalLines(generation: 2))
        let torn = try JSONEncoder().encode(later.journalLines(generation: 2)[0])
        var cutOff = Data()
        for line in try XCTUnwrap(JSONSerialization.jsonObject(with: extra) as? [Any]) {
            cutOff += try JSONSerialization.data(withJSONObject: line) + Data("\n".utf8)
        }
        try appendToJournal(cutOff + torn.prefix(40))
        // Saved: 8 segments, 2 removed, a state line; cut off: 8 segments, 6 removed, a torn line.
        XCTAssertEqual(try journalLines().count, 11 + 14 + 1)
        let restarted = self.store()
        assertSameWindows(try restarted.load(), s)
        // Loading rewrote the journal to what the state relies on and its state line: nothing of
        // the cut-off save is left.
        XCTAssertEqual(try journalLines().count, 8 + 2 + 1)
        try restarted.save(later, at: saveTime)
        assertSameWindows(try self.store().load(), later)
    }

    /// After the first save the state file is only a checkpoint: each save's state line commits
    /// it, and a restart takes the newest complete one, not the older file.
    func testTheNewestCompleteStateLineCommitsASaveNotTheStateFile() throws {
        let store = store()
        var s = state()
        list(5, in: &s)
        try store.save(s, at: saveTime)
        list(2, in: &s)
        try store.save(s, at: saveTime)
        XCTAssertEqual((try stateFile()["state"] as? [String: Any])?["journalGeneration"] as? Int, 1,
                       "the second save did not write the state file")
        // A third save cut off inside its state line.
        var later = s
        list(1, in: &later)
        let withState = later.journalLines(generation: 3) + [StateJournalLine(generation: 3, state: later.withoutJournaled(generation: 3))]
        let text = String(decoding: try SortedJSONEncoder(pretty: false).encodeLines(withState), as: UTF8.self)
        try appendToJournal(Data(text.dropLast(30).utf8))
        let restarted = self.store()
        let loaded = try restarted.load()
        assertSameWindows(loaded, s)
        XCTAssertEqual(loaded?.window.mediaSequence, 3)
        XCTAssertEqual(try journalLines().count, 8 + 6 + 1)
        // The restarted store numbers on from the committed save: its next save is number 3 again.
        try restarted.save(later, at: saveTime)
        XCTAssertTrue(try journalLines().last?.hasPrefix(#"{"generation":3,"state":"#) ?? false)
        assertSameWindows(try self.store().load(), later)
    }

    /// Shutdown saves a checkpoint: the state file is the state saved last, the journal only
    /// what it relies on.
    func testACheckpointWritesTheStateFileAndRewritesTheJournal() throws {
        let store = store()
        var s = state()
        list(5, in: &s)
        try store.save(s, at: saveTime)
        list(3, in: &s)
        try store.save(s, at: saveTime)
        XCTAssertEqual(try journalLines().count, (8 + 2 + 1) + (6 + 6 + 1))
        try store.save(s, at: saveTime, checkpoint: true)
        XCTAssertEqual(try journalLines().count, 8 + 8 + 1)
        XCTAssertEqual((try stateFile()["state"] as? [String: Any])?["journalGeneration"] as? Int, 3)
        assertSameWindows(try self.store().load(), s)
    }

    /// A state line repeats the whole state, so a large one (here the 3,500 asset files of spans
    /// still in the playlists) would grow the journal by tens of KB a save until the line count called for a
    /// rewrite; the byte bound rewrites it first: never more than twice its rewritten size plus
    /// 1 MiB and one save.
    func testAJournalOfLargeStateLinesIsRewrittenByItsBytes() throws {
        let store = store()
        var s = state()
        for i in 0..<3500 { s.assetFiles["ad-\(i / 5)", default: []].append("assets/ad-\(i / 5)/seg_0000\(i % 5).ts") }
        var sizes: [Int] = []
        var counts: [Int] = []
        for _ in 0..<24 {
            list(1, in: &s)
            try store.save(s, at: saveTime)
            sizes.append(try Data(contentsOf: scratch.appendingPathComponent(StateJournal.name)).count)
            store.compactIfDue()
            counts.append(try journalLines().count)
        }
        let stateLine = try XCTUnwrap(try journalLines().last).utf8.count + 1
        XCTAssertGreaterThan(stateLine, 100_000)
        let firstRewrite = try XCTUnwrap(counts.indices.dropFirst().first { counts[$0] < counts[$0 - 1] })
        XCTAssertLessThan(counts[firstRewrite - 1], 2 * 8 + 64, "rewritten before the line count called for it")
        // Besides the state line: 8 segment lines of at most 250 bytes, 40 removal lines of at most 100.
        let others = 8 * 250 + 40 * 100
        XCTAssertLessThanOrEqual(sizes.max() ?? 0, 2 * (others + stateLine) + JournaledLiveStateStore.byteSlack + stateLine + others)
        assertSameWindows(try self.store().load(), s)
    }

    /// Names waiting out their availability are journal lines, not part of every state line: one
    /// when a name starts waiting, one without a time when it stops (deleted, or listed again).
    func testNamesWaitingForDeletionAreJournalLinesAddedAndClearedOneByOne() throws {
        let store = store()
        var s = state()
        list(6, in: &s)
        try store.save(s, at: saveTime)
        s.retention.noteDeleted(name: "primary/seg_00000.ts")
        s.retention.noteListed(name: "primary_1/seg_00001.ts", duration: 2, at: 130)
        try store.save(s, at: saveTime)
        let lines = try journalLines()
        XCTAssertEqual(Array(lines.suffix(3).prefix(2)), [#"{"generation":2,"removal":{"name":"primary\/seg_00000.ts"}}"#,
                                                         #"{"generation":2,"removal":{"name":"primary_1\/seg_00001.ts"}}"#])
        let stateLine = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(lines.last).utf8)) as? [String: Any])
        let saved = try XCTUnwrap(stateLine["state"] as? [String: Any])
        XCTAssertEqual(saved["journaledRemovals"] as? Int, 2)
        XCTAssertEqual(((saved["retention"] as? [String: Any])?["deletableAt"] as? [String: Any])?.count, 0)
        let loaded = try XCTUnwrap(try self.store().load())
        XCTAssertEqual(loaded.retention.deletableAt, ["primary/seg_00001.ts": 121, "primary_1/seg_00000.ts": 120])
        XCTAssertNil(loaded.journaledRemovals)
        assertSameWindows(loaded, s)
    }

    /// A checkpoint that rewrote the journal but could not write the state file: the next save
    /// rewrites both instead of appending to a journal it cannot be sure of, so a name that
    /// started waiting in the checkpoint and stopped after it does not come back at a restart.
    func testASaveAfterAFailedRewriteRewritesTheJournalAndTheStateFile() throws {
        let store = store()
        var s = state()
        list(4, in: &s)
        try store.save(s, at: saveTime)
        list(1, in: &s)
        try failCheckpoint(store, s)
        s.retention.noteDeleted(name: "primary/seg_00000.ts")
        try store.save(s, at: saveTime)
        XCTAssertEqual((try stateFile()["state"] as? [String: Any])?["journalGeneration"] as? Int, 3)
        XCTAssertEqual(try journalLines().count, 8 + 1 + 1, "the windows, the one name still waiting, the state line")
        let loaded = try XCTUnwrap(try self.store().load())
        XCTAssertEqual(loaded.retention.deletableAt, ["primary_1/seg_00000.ts": 120])
        assertSameWindows(loaded, s)
    }

    /// A journal rewrite whose rename went through but whose directory fsync failed: the save
    /// fails, and the next one rewrites both files instead of appending to the new, shorter
    /// journal as if it were the old one, so a restart loads the state saved last.
    func testARewriteWhoseDirectoryFsyncFailsIsFollowedByAWholeRewrite() throws {
        let store = JournaledLiveStateStore(directory: scratch, durability: .power)
        let url = scratch.appendingPathComponent(StateJournal.name)
        var s = state()
        for _ in 0..<6 {
            list(1, in: &s)
            try store.save(s, at: saveTime)
        }
        let appended = try Data(contentsOf: url).count
        store.journal.sink.fsyncDirectory = { _ in
            errno = EIO
            return -1
        }
        list(1, in: &s)
        XCTAssertThrowsError(try store.save(s, at: saveTime, checkpoint: true)) { error in
            XCTAssertEqual("\(error)", LiveStateError.saveFailed(path: url.path, reason: "cannot make the change to '\(StateJournal.name)'"
                + " survive a power cut: fsync of its directory '\(scratch.path)' failed: Input/output error (errno 5); the change"
                + " is made (the file put or removed), but a power cut may undo it").description)
        }
        XCTAssertLessThan(try Data(contentsOf: url).count, appended, "the rewritten journal is at the name")
        store.journal.sink.fsyncDirectory = { fsync($0) }
        list(1, in: &s)
        try store.save(s, at: saveTime)
        XCTAssertFalse(try Data(contentsOf: url).contains(0), "NUL bytes: an append cut the new journal to the old length")
        // Only a rewrite writes the state file: save 8 (six, the failed checkpoint, this one) was one.
        XCTAssertEqual((try stateFile()["state"] as? [String: Any])?["journalGeneration"] as? Int, 8)
        XCTAssertEqual(store.journal.sink.directoriesToSync, [])
        assertSameWindows(try self.store().load(), s)
    }

    /// What an append that failed part-way leaves (lines of its save, no state line) is cut off
    /// by the next append, whose removal lines are measured against the journal before it: the
    /// failed save's waiting name never reaches a restart.
    func testAnAppendCutShortIsCutOffBeforeTheNextSavesRemovalLines() throws {
        let store = store()
        var s = state()
        list(5, in: &s)
        try store.save(s, at: saveTime)
        list(1, in: &s)
        try store.save(s, at: saveTime)
        store.journal.closeFile()
        try appendToJournal(Data((#"{"generation":3,"removal":{"deletableAt":999,"name":"primary\/seg_00009.ts"}}"# + "\n"
                                  + #"{"generation":3,"state":{"announced"#).utf8))
        s.retention.noteDeleted(name: "primary/seg_00000.ts")
        try store.save(s, at: saveTime)
        XCTAssertFalse(try journalLines().contains { $0.contains("999") })
        XCTAssertEqual(try journalLines().suffix(2).first, #"{"generation":3,"removal":{"name":"primary\/seg_00000.ts"}}"#)
        let loaded = try XCTUnwrap(try self.store().load())
        XCTAssertEqual(loaded.retention.deletableAt, ["primary/seg_00001.ts": 121, "primary_1/seg_00000.ts": 120,
                                                      "primary_1/seg_00001.ts": 121])
        assertSameWindows(loaded, s)
    }

    func testAWaitingNameMissingFromTheJournalIsCorruption() throws {
        var s = state()
        list(5, in: &s)
        try store().save(s, at: saveTime)
        try assertLoadFailsWithoutTheLineBeforeTheStateLine(kind: "removal", reason: "the journal's lines leave 1 removed names"
                                                            + " waiting to be deleted, and the state counts 2")
    }

    /// Takes the line before the journal's state line (one of `kind`) out and loads.
    private func assertLoadFailsWithoutTheLineBeforeTheStateLine(kind: String, reason: String,
                                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let url = scratch.appendingPathComponent(StateJournal.name)
        var lines = try journalLines()
        XCTAssertTrue(lines.remove(at: lines.count - 2).contains("\"\(kind)\":"), file: file, line: line)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try store().load(), file: file, line: line) { error in
            XCTAssertEqual(error as? LiveStateError, .corrupt(path: url.standardizedFileURL.path, reason: reason), file: file, line: line)
        }
    }

    /// Version 4 wrote the state file at every save and no state lines: such a pair reads as it is.
    func testAVersion4StateFileWithAJournalWithoutStateLinesIsStillRead() throws {
        var s = state()
        list(6, in: &s)
        // Version 4 (and 5) kept the names waiting to be deleted in the state.
        try StateJournal(directory: scratch, durability: .process).replace(with: s.journalLines(generation: 7).filter { $0.removal == nil })
        let filed = withWaitingNamesInline(s, generation: 7)
        try LiveStateStore<LiveState>(directory: scratch, version: 4, durability: .process).save(filed, at: saveTime)
        let restarted = self.store()
        assertSameWindows(try restarted.load(), s)
        // Loading wrote the state file again, as version 6: a version 4 build, which would pass
        // over state lines, now refuses the directory.
        XCTAssertEqual(try stateFile()["version"] as? Int, 6)
        XCTAssertEqual(try removalLineCount(), 4, "the waiting names moved to the journal")
        try restarted.save(s, at: saveTime)
        XCTAssertTrue(try journalLines().last?.hasPrefix(#"{"generation":8,"state":"#) ?? false)
        assertSameWindows(try self.store().load(), s)
    }

    /// Version 5 state lines kept the names waiting to be deleted inline: the newest such line
    /// still commits its save (over an older state file), and loading moves its names to lines.
    func testAVersion5StateLineWithItsWaitingNamesInlineIsStillRead() throws {
        var s = state()
        list(6, in: &s)
        let line = withWaitingNamesInline(s, generation: 4)
        var filed = line
        filed.journalGeneration = 3
        filed.retention.restorePending([:])
        try StateJournal(directory: scratch, durability: .process)
            .replace(with: s.journalLines(generation: 3).filter { $0.removal == nil } + [StateJournalLine(generation: 4, state: line)])
        try LiveStateStore<LiveState>(directory: scratch, version: 5, durability: .process).save(filed, at: saveTime)
        let restarted = self.store()
        assertSameWindows(try restarted.load(), s)
        XCTAssertEqual(try stateFile()["version"] as? Int, 6)
        XCTAssertEqual(try removalLineCount(), 4)
        try restarted.save(s, at: saveTime)
        assertSameWindows(try self.store().load(), s)
    }

    func testASegmentMissingFromTheJournalIsCorruptionNamingTheJournal() throws {
        var s = state()
        list(5, in: &s)
        try store().save(s, at: saveTime)
        let url = scratch.appendingPathComponent(StateJournal.name)
        let lines = try journalLines()
        try (lines.dropFirst().joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try store().load()) { error in
            XCTAssertEqual(error as? LiveStateError, .corrupt(path: url.standardizedFileURL.path,
                                                              reason: "no line for segment 1 of rendition 0, which the state's window lists"))
        }
        try FileManager.default.removeItem(at: url)
        XCTAssertThrowsError(try store().load()) { error in
            XCTAssertTrue(String(describing: error).contains("the file is missing, and the state file"), "\(error)")
            XCTAssertTrue(String(describing: error).contains("counts 8 segments in it"), "\(error)")
        }
    }

    /// A segment count read back from disk sizes an array and a range: damaged to 1e18 or
    /// below zero it named nothing and trapped the restart.
    func testASegmentCountNoJournalCanHoldIsCorruptionNotATrap() throws {
        var s = state()
        list(5, in: &s)
        let lines = s.journalLines(generation: 1)
        for count in [1_000_000_000_000_000_000, -1, lines.count + 1] {
            var saved = s.withoutJournaled(generation: 1)
            saved.journaledSegments = [count, 4]
            XCTAssertThrowsError(try saved.restoringJournaled(from: lines, journal: "/srv/j.jsonl")) { error in
                XCTAssertEqual(error as? LiveStateError, .corrupt(path: "/srv/j.jsonl", reason: "the state counts \(count) segments"
                    + " of rendition 0 from sequence 1, which a journal of \(lines.count) lines cannot hold"))
            }
        }
        var saved = s.withoutJournaled(generation: 1)
        saved.journaledSegments = [4, 4]
        assertSameWindows(try saved.restoringJournaled(from: lines, journal: "/srv/j.jsonl"), s)
    }

    func testADamagedLineBeforeTheLastIsCorruptionNamingItsNumber() throws {
        var s = state()
        list(2, in: &s)
        try store().save(s, at: saveTime)
        var lines = try journalLines()
        lines[1] = "{\"rendition\": 0"
        let url = scratch.appendingPathComponent(StateJournal.name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try store().load()) { error in
            guard case .corrupt(let path, let reason)? = error as? LiveStateError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, url.standardizedFileURL.path)
            XCTAssertTrue(reason.hasPrefix("line 2: "), reason)
        }
    }

    /// Version 3 kept the segments in the state file; this build reads such a file as it is.
    func testAVersion3StateWithItsSegmentsInlineIsStillRead() throws {
        var s = state()
        list(6, in: &s)
        try LiveStateStore<LiveState>(directory: scratch, version: 3, durability: .process).save(s, at: saveTime)
        assertSameWindows(try store().load(), s)
    }

    /// Windows replaced before the first publication (the target fixed) number from 0 again:
    /// their segments are written again, later lines for the same numbers replacing earlier ones.
    func testReplacedWindowsAreWrittenAgainNotContinued() throws {
        let store = store()
        var s = state()
        list(6, in: &s)
        try store.save(s, at: saveTime)
        var o = LiveOptions()
        o.windowSegments = 4
        o.windowSeconds = nil
        s.resetWindows(targetDuration: 2, options: o)
        list(2, in: &s)
        try store.save(s, at: saveTime)
        // The first windows' 4 removed segments wait for deletion; the new windows removed none.
        XCTAssertEqual(try journalLines().count, (8 + 4 + 1) + (4 + 1))
        assertSameWindows(try self.store().load(), s)
    }

    func testResetStateMovesTheJournalAsideWithTheStateFile() throws {
        var s = state()
        list(2, in: &s)
        try store().save(s, at: saveTime)
        let moved = try XCTUnwrap(try store().moveAside(at: Date(timeIntervalSince1970: 1_714_564_800.123)))
        XCTAssertEqual(moved.lastPathComponent, ".pkgctl-live-state.json.rejected-2024-05-01T120000.123Z")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted(),
                       [".pkgctl-live-journal.jsonl.rejected-2024-05-01T120000.123Z",
                        ".pkgctl-live-state.json.rejected-2024-05-01T120000.123Z"])
        XCTAssertNil(try store().load())
    }

    private func range(_ id: String, startMillis: Int64, completed: Bool) throws -> DateRange {
        DateRange(id: id, classValue: "com.example.break", startDate: try HLSDate(millisecondsSinceEpoch: startMillis),
                  duration: completed ? HLSDecimal(seconds: 20) : nil, plannedDuration: HLSDecimal(seconds: 30))
    }

    /// Date ranges are journal lines too: one when announced, one more for each update.
    func testDateRangesComeBackFromTheJournalWithTheirUpdates() throws {
        let store = store()
        var s = state()
        list(3, in: &s)
        try s.ledger.announce(try range("a", startMillis: 1_796_130_001_000, completed: false))
        try s.ledger.announce(try range("b", startMillis: 1_796_130_003_000, completed: false))
        try store.save(s, at: saveTime)
        XCTAssertEqual(try journalLines().count, 6 + 2 + 1)
        try s.ledger.update(try range("a", startMillis: 1_796_130_001_000, completed: true))
        try store.save(s, at: saveTime)
        let lines = try journalLines()
        XCTAssertEqual(lines.count, 6 + 2 + 1 + 2, "the updated range again and the state line, nothing else")
        XCTAssertTrue(lines[9].hasPrefix(#"{"dateRange":{"additions":[[{"name":"DURATION","value":"20"}]]"#), lines[9])
        let loaded = try XCTUnwrap(try self.store().load())
        XCTAssertEqual(loaded.ledger.render(), s.ledger.render())
        XCTAssertEqual(loaded.ledger.ids, ["a", "b"])
        XCTAssertTrue(loaded.ledger.hasUsed("a"))
        let object = try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(lines.last).utf8))
        let saved = try XCTUnwrap((object as? [String: Any])?["state"] as? [String: Any])
        XCTAssertEqual((object as? [String: Any])?["generation"] as? Int, 2)
        XCTAssertEqual(saved["journaledDateRanges"] as? [String], ["a", "b"])
        XCTAssertEqual(saved["journalGeneration"] as? Int, 2)
        XCTAssertEqual(((saved["ledger"] as? [String: Any])?["entries"] as? [Any])?.count, 0)
    }

    /// An update appended by a save whose state line never landed was never published: the
    /// restart continues from the range as the saved state had it, so completing the span
    /// again cannot contradict what players saw.
    func testAnUpdateOfACutOffSaveIsPassedOver() throws {
        var s = state()
        list(3, in: &s)
        try s.ledger.announce(try range("a", startMillis: 1_796_130_001_000, completed: false))
        try store().save(s, at: saveTime)
        var later = s
        try later.ledger.update(try range("a", startMillis: 1_796_130_001_000, completed: true))
        let cutOff = self.store()
        _ = try cutOff.load()
        try cutOff.journal.append([StateJournalLine(generation: 2, dateRange: try XCTUnwrap(later.ledger.savedEntries.first))])
        let loaded = try XCTUnwrap(try store().load())
        XCTAssertEqual(loaded.ledger.render(), s.ledger.render())
        XCTAssertEqual(loaded.ledger.render().count, 1)
    }

    func testARangeMissingFromTheJournalIsCorruption() throws {
        var s = state()
        list(3, in: &s)
        try s.ledger.announce(try range("a", startMillis: 1_796_130_001_000, completed: false))
        try store().save(s, at: saveTime)
        try assertLoadFailsWithoutTheLineBeforeTheStateLine(kind: "dateRange", reason: "no line for date range 'a', which the state's ledger lists")
    }
}
