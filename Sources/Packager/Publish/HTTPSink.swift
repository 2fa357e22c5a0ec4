import Foundation

/// Publishes to an HTTP origin with PUT and DELETE (WebDAV-style, as nginx's dav module,
/// S3-compatible stores behind a gateway, or CDN ingest points accept).
///
/// `put` and `delete` only queue: the thread that reads input never waits for the network.
/// A single background thread sends items in order, retrying transient failures with
/// backoff. Each PUT carries the complete body, so the origin's own atomic store makes
/// playlist replacement atomic for readers. `onEvent` is called from the background thread
/// (and from the caller's thread for `.superseded`); it must not block for long.
public final class HTTPSink: PublishSink, @unchecked Sendable {
    public let base: URL
    public let options: HTTPSinkOptions
    private let worker: HTTPPublishWorker

    /// Throws `HTTPSinkError.libraryUnavailable` on a host without libcurl (`CurlLibrary`).
    public init(base: URL, options: HTTPSinkOptions = HTTPSinkOptions(),
                onEvent: @escaping @Sendable (PublishEvent) -> Void = { _ in }) throws {
        try CurlLibrary.require(output: base.absoluteString)
        self.base = base
        self.options = options
        self.worker = HTTPPublishWorker(base: base, options: options, onEvent: onEvent)
        worker.start(label: "pkgctl.publish \(base.absoluteString)")
    }

    deinit {
        worker.stop()
    }

    public func put(_ data: Data, name: String, kind: PublishedKind) throws {
        try worker.submit(name: try validated(name), operation: .put(data, kind))
    }

    public func delete(name: String) throws {
        try worker.submit(name: try validated(name), operation: .delete)
    }

    public func flush(timeout: Double) throws {
        try worker.waitUntilDrained(timeout: timeout)
    }

    public var stats: PublishStats { worker.stats }

    /// Puts only queue: whether an item landed is reported through `onEvent`.
    public var confirmsLater: Bool { true }

    /// Waits for everything queued; throws when any item could not be stored, since what was
    /// put is then not a whole presentation (a batch puts its playlists only after this).
    public func commit() throws {
        try flush(timeout: max(60, options.itemDeadline * 4))
        let failed = stats.failures
        if failed > 0 { throw HTTPSinkError.incomplete(base: base.absoluteString, failures: failed) }
    }

    /// Stops publishing. Call `flush` first to send what is queued; anything still queued
    /// is reported as failed.
    public func close() {
        worker.stop()
    }

    private func validated(_ name: String) throws -> PublishName {
        do { return try PublishName(name) } catch let error as PublishNameError {
            worker.countInvalidName()
            throw HTTPSinkError.invalidName(error)
        }
    }
}
