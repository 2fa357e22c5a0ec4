/// Reads playlists, asset lists and segments for one validation run: local files within the
/// size limits, http(s) within the run's fetch budget (`--max-fetch`). Remote resources are
/// only fetched when the input itself was a URL: a local playlist never leads to the network.
final class ResourceLoader {
    enum Failure: Error, CustomStringConvertible, Equatable {
        case unreadable(ValidateError)
        case fetchFailed(url: String, reason: String)
        case budgetSpent
        case networkNotAllowed

        var description: String {
            switch self {
            case .unreadable(let error): return error.description
            case .fetchFailed(let url, let reason): return "cannot fetch \(url): \(reason)"
            case .budgetSpent: return "not fetched: the --max-fetch budget is spent"
            case .networkNotAllowed: return "not fetched: a local playlist is validated without network access"
            }
        }
    }

    let limits: ReadLimits
    let networkAllowed: Bool
    private let timeout: Double
    private(set) var fetchesLeft: Int
    /// Remote resources not fetched because the budget was spent.
    private(set) var skippedForBudget = 0

    /// Segments may be far larger than playlists; this bounds one segment read into memory.
    static let maxSegmentBytes: Int64 = 512 * 1024 * 1024

    init(options: ValidateOptions, networkAllowed: Bool) {
        limits = options.limits
        self.networkAllowed = networkAllowed
        timeout = options.timeout
        fetchesLeft = max(0, options.maxFetch)
    }

    func playlist(_ location: ResourceLocation) throws -> [UInt8] {
        try bytes(location, limit: limits.maxPlaylistBytes)
    }

    func media(_ location: ResourceLocation) throws -> [UInt8] {
        try bytes(location, limit: Self.maxSegmentBytes)
    }

    func exists(_ location: ResourceLocation) -> Bool? {
        guard case .file(let path) = location else { return nil }
        return FileLoader.exists(path) && !FileLoader.isDirectory(path)
    }

    private func bytes(_ location: ResourceLocation, limit: Int64) throws -> [UInt8] {
        switch location {
        case .file(let path):
            do {
                return try FileLoader.bytes(path, limit: limit)
            } catch let error as ValidateError {
                throw Failure.unreadable(error)
            }
        case .remote(let url):
            guard networkAllowed else { throw Failure.networkNotAllowed }
            guard fetchesLeft > 0 else {
                skippedForBudget += 1
                throw Failure.budgetSpent
            }
            fetchesLeft -= 1
            do {
                return try BoundedDownload.get(url, timeout: timeout, limit: limit)
            } catch BoundedDownload.Failure.tooLarge(let bytes) {
                throw Failure.unreadable(.tooLarge(path: url.absoluteString, bytes: bytes, limit: limit))
            } catch BoundedDownload.Failure.failed(let reason) {
                throw Failure.fetchFailed(url: url.absoluteString, reason: reason)
            }
        }
    }
}
