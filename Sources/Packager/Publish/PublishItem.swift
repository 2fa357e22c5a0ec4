import Foundation

/// One unit of work for a background publisher.
struct PublishItem: Equatable, Sendable {
    enum Operation: Equatable, Sendable {
        case put(Data, PublishedKind)
        case delete
    }

    /// Position in the caller's order, unique within a sink; also seeds the retry jitter.
    let sequence: UInt64
    let name: PublishName
    let operation: Operation
    /// Monotonic nanoseconds at which the caller handed the item over.
    let enqueuedAt: UInt64

    var payloadBytes: Int {
        if case .put(let data, _) = operation { return data.count }
        return 0
    }

    var isSegmentPut: Bool {
        if case .put(_, .segment) = operation { return true }
        return false
    }

    var isPlaylistPut: Bool {
        if case .put(_, .playlist) = operation { return true }
        return false
    }
}
