import Foundation

/// Reads the bytes of a playlist or asset list, from disk or over http(s), never more than
/// the playlist size limit. With `offline` it refuses every URL.
public struct PlaylistFetcher: Sendable {
    /// How long one http request may take before it counts as a failed read.
    public var timeout: TimeInterval
    public var limits: ReadLimits
    /// Forbid network access (`--offline`).
    public var offline: Bool

    public init(timeout: TimeInterval = 10, limits: ReadLimits = ReadLimits(), offline: Bool = false) {
        self.timeout = timeout
        self.limits = limits
        self.offline = offline
    }

    public func bytes(at location: TimelineLocation) throws -> [UInt8] {
        switch location {
        case .file(let path):
            do {
                return try FileLoader.bytes(path, limit: limits.maxPlaylistBytes)
            } catch ValidateError.tooLarge(let path, let bytes, let limit) {
                throw TimelineError.tooLarge(location: path, bytes: bytes, limit: limit)
            } catch let error as ValidateError {
                throw TimelineError.unreadable(location: path, reason: Self.reason(error))
            }
        case .remote(let url):
            guard !offline else { throw TimelineError.offline(url: url.absoluteString) }
            do {
                return try BoundedDownload.get(url, timeout: timeout, limit: limits.maxPlaylistBytes)
            } catch BoundedDownload.Failure.tooLarge(let bytes) {
                throw TimelineError.tooLarge(location: url.absoluteString, bytes: bytes, limit: limits.maxPlaylistBytes)
            } catch BoundedDownload.Failure.failed(let reason) {
                throw TimelineError.unreadable(location: url.absoluteString, reason: reason)
            }
        }
    }

    private static func reason(_ error: ValidateError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }
}
