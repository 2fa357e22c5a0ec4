import Foundation

/// What a published object is; sinks use it to order, coalesce and label uploads.
public enum PublishedKind: String, Codable, Sendable, Equatable {
    case segment
    case playlist
    case asset
    case state
    case other
}

/// Where a presentation's output goes: a directory (live: every file replaced atomically; VOD: a
/// staged tree swapped in whole) or an HTTP origin. vod and live publish through the same sinks.
///
/// One sink serves one presentation. Callers publish a segment before the playlist that names
/// it, and every sink keeps that order, so a reader never finds a listed segment missing.
/// Playlists are replaced atomically from a reader's point of view.
public protocol PublishSink: AnyObject {
    /// Publishes `data` under `name`, a relative path such as "primary/seg_00042.ts".
    func put(_ data: Data, name: String, kind: PublishedKind) throws
    /// Removes `name`; removing something that does not exist is not an error.
    func delete(name: String) throws
    /// Waits until everything handed over so far has been published or given up on.
    func flush(timeout: Double) throws
    var stats: PublishStats { get }
    /// Whether `put` only queues the item (an HTTP origin): whether it landed is reported later,
    /// through the sink's events, not by `put` returning.
    var confirmsLater: Bool { get }
    /// A file the caller may write `name` into itself (a staged tree that is swapped in whole),
    /// so segment bytes go from the muxer to the page cache with no copy; nil when puts must
    /// carry the bytes.
    func directPath(for name: String) throws -> String?
    /// A hidden file of this sink's that a segment may be written into while it is muxed, to be
    /// published later with `putSpooled` under a name in `directory` (a published path such as
    /// `primary`; "" is the root); nil when puts must carry the bytes (an origin), or when no
    /// file could be made (the put of the bytes then reports why).
    func makeSpool(directory: String) -> SegmentSpool?
    /// Publishes the spool this sink made under `name`, as `put` would its bytes; the spool is
    /// used up either way.
    func putSpooled(_ spool: SegmentSpool, name: String, kind: PublishedKind) throws
    /// Makes everything put so far visible as one whole (a staged tree is swapped in); throws
    /// when part of it could not be stored, in which case nothing new becomes visible.
    func commit() throws
    /// Makes the names of everything put so far survive a power cut, where the sink's
    /// durability asks for that (a directory sink fsyncs the directories files were renamed
    /// into). A live channel calls it before each state save, its commit point. Returns the
    /// directories whose file system cannot fsync a directory (EINVAL), for a warning.
    @discardableResult
    func syncPublished() throws -> [String]
    /// Forgets everything put since the sink was made, as if nothing had been (a pass that is to
    /// be redone another way); false when that is impossible (an origin already has the items).
    func discardUncommitted() throws -> Bool
    /// Whether `discardUncommitted()` can withdraw what a pass puts (a staged tree can; an origin
    /// cannot), so a pass may start before it knows it is the right one.
    var canDiscardUncommitted: Bool { get }
    /// Does what the next publishes will need and the last ones left, while nothing waits on it
    /// (a directory sink makes files ahead and closes replaced ones); a live channel calls it
    /// once a segment is listed.
    func prepare()
}

extension PublishSink {
    public var confirmsLater: Bool { false }
    public func directPath(for name: String) throws -> String? { nil }
    public func commit() throws {}
    @discardableResult
    public func syncPublished() throws -> [String] { [] }
    public func makeSpool(directory: String) -> SegmentSpool? { nil }
    public func putSpooled(_ spool: SegmentSpool, name: String, kind: PublishedKind) throws {
        spool.discard()
        throw FileSinkError.output(path: spool.path, reason: "this sink does not publish spooled segments")
    }
    public func discardUncommitted() throws -> Bool { false }
    public var canDiscardUncommitted: Bool { false }
    public func prepare() {}
}
