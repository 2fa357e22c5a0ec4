import Foundation
@testable import Packager

/// An AtomicFileSink that also keeps every version of every media playlist it is given, as
/// numbered files beside the playlist (so relative URIs resolve for the validators): the
/// in-process way to see each version a live channel published, with nothing missed. Segments
/// are spooled while muxed, as into `pkgctl live`'s directory sink, unless `spools` is false.
final class RecordingSink: PublishSink, @unchecked Sendable {
    let root: URL
    private let inner: AtomicFileSink
    private let spools: Bool
    private let lock = NSLock()
    private var recorded: [String: [PlaylistVersionRecorder.Version]] = [:]

    init(root: URL, spools: Bool = true) {
        self.root = root
        self.spools = spools
        inner = AtomicFileSink(root: root)
    }

    func makeSpool(directory: String) -> SegmentSpool? { spools ? inner.makeSpool(directory: directory) : nil }
    func putSpooled(_ spool: SegmentSpool, name: String, kind: PublishedKind) throws {
        let direct = spool.directBytes
        try inner.putSpooled(spool, name: name, kind: kind)
        segmentPut(kind)
        lock.lock(); defer { lock.unlock() }
        spooledPuts += 1
        spooledDirectBytes += direct
    }
    /// Segments published from spools.
    private(set) var spooledPuts = 0
    /// Of their bytes, those written with O_DIRECT (`SegmentSpool.beginDirectWrites`).
    private(set) var spooledDirectBytes = 0

    var stats: PublishStats { inner.stats }

    func put(_ data: Data, name: String, kind: PublishedKind) throws {
        try inner.put(data, name: name, kind: kind)
        segmentPut(kind)
        guard kind == .playlist, name.hasSuffix("/index.m3u8"), !name.hasPrefix("assets/") else { return }
        lock.lock(); defer { lock.unlock() }
        let number = (recorded[name]?.count ?? 0) + 1
        let copy = root.appendingPathComponent(name).deletingLastPathComponent()
            .appendingPathComponent(String(format: ".version-%04d.m3u8", number))
        try data.write(to: copy)
        recorded[name, default: []].append(PlaylistVersionRecorder.Version(
            number: number, text: String(decoding: data, as: UTF8.self), path: copy.path, seenAt: Date(),
            assetsPresent: present("index.m3u8"), assetListsPresent: present("list.json")))
    }

    func delete(name: String) throws { try inner.delete(name: name) }
    func flush(timeout: Double) throws {}

    /// Directories the inner sink has yet to fsync.
    var directoriesToSync: [String] { inner.directoriesToSync }
    /// The inner sink's fsync of a directory, for a test to make it fail as a disk would.
    var fsyncDirectory: (Int32) -> Int32 {
        get { inner.fsyncDirectory }
        set { inner.fsyncDirectory = newValue }
    }
    private(set) var syncs = 0
    /// Times the state journal was written between a segment's put and the directory sync after
    /// it: a state saved before the names it lists were on the disk.
    private(set) var journalWrittenBeforeSync = 0
    private var journalAtFirstUnsyncedSegment: Int?

    func syncPublished() throws -> [String] {
        syncs += 1
        if let before = journalAtFirstUnsyncedSegment, journalLength() != before { journalWrittenBeforeSync += 1 }
        let unsyncable = try inner.syncPublished()
        journalAtFirstUnsyncedSegment = nil
        return unsyncable
    }

    private func segmentPut(_ kind: PublishedKind) {
        if kind == .segment, journalAtFirstUnsyncedSegment == nil { journalAtFirstUnsyncedSegment = journalLength() }
    }

    private func journalLength() -> Int {
        let path = root.appendingPathComponent(StateJournal.name).path
        return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    func versions(_ playlist: String = "primary/index.m3u8") -> [PlaylistVersionRecorder.Version] {
        lock.lock(); defer { lock.unlock() }
        return recorded[playlist] ?? []
    }

    private func present(_ file: String) -> Set<String> {
        let assets = root.appendingPathComponent("assets")
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? []
        return Set(ids.filter { FileManager.default.fileExists(atPath: assets.appendingPathComponent("\($0)/\(file)").path) })
    }
}
