import Foundation

/// What a published object is; sinks use it to order, coalesce and label uploads.
public enum PublishedKind: String, Codable, Sendable, Equatable {
    case segment
    case playlist
    case asset
    case state
    case other
}

/// Where a channel's output goes: a directory or an HTTP origin.
///
/// One sink serves one channel. Callers publish a segment before the playlist that names
/// it, and every sink keeps that order, so a reader never finds a listed segment missing.
/// Playlists are replaced atomically from a reader's point of view.
public protocol PublishSink: AnyObject {
    /// Publishes `data` under `name`, a relative path such as "video/seg_00042.ts".
    func put(_ data: Data, name: String, kind: PublishedKind) throws
    /// Removes `name`; removing something that does not exist is not an error.
    func delete(name: String) throws
    /// Waits until everything handed over so far has been published or given up on.
    func flush(timeout: Double) throws
    var stats: PublishStats { get }
}
