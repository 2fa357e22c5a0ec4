import Foundation

/// The sink of one batch title: the sink `pkgctl vod` uses, plus the title's fingerprint
/// published last. On an origin the old fingerprint is deleted before anything else is sent
/// (the queue keeps order), so while old objects are overwritten the title no longer counts as
/// converted, and an interrupted upload is redone by the next run; the new fingerprint goes out
/// only after every segment, playlist and asset landed. In a staged tree it is one more file
/// of the tree that is swapped in whole.
final class FingerprintingSink: PublishSink {
    private let inner: PublishSink
    private let record: Data
    private let location: String

    /// `location` names the output in messages.
    init(wrapping inner: PublishSink, record: TitleFingerprint, location: String) throws {
        self.inner = inner
        self.record = record.data
        self.location = location
        if inner.confirmsLater { try inner.delete(name: OutputLayout.fingerprint) }
    }

    func put(_ data: Data, name: String, kind: PublishedKind) throws { try inner.put(data, name: name, kind: kind) }
    func delete(name: String) throws { try inner.delete(name: name) }
    func flush(timeout: Double) throws { try inner.flush(timeout: timeout) }
    func syncPublished() throws -> [String] { try inner.syncPublished() }
    var stats: PublishStats { inner.stats }
    var confirmsLater: Bool { inner.confirmsLater }
    func directPath(for name: String) throws -> String? { try inner.directPath(for: name) }
    func discardUncommitted() throws -> Bool { try inner.discardUncommitted() }
    var canDiscardUncommitted: Bool { inner.canDiscardUncommitted }

    func commit() throws {
        try inner.flush(timeout: 600)
        guard inner.stats.failures == 0 else {
            throw VodError.output(path: location,
                                  reason: "\(inner.stats.failures) item(s) could not be stored; the title is not marked converted")
        }
        try inner.put(record, name: OutputLayout.fingerprint, kind: .state)
        try inner.commit()
    }
}
