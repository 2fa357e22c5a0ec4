/// Probes kept across the polls of `--watch`: a live window lists mostly segments already
/// probed, and a segment never changes once listed (HLS §6.2.1), so each is read once.
/// Keyed by the resolved location and the byte range.
final class ProbeCache {
    struct Entry {
        let probe: ProbedSegment
        let bytes: Int64
        let detailed: Bool
    }

    private var entries: [String: Entry] = [:]
    /// Bounds the memory of a long EVENT playlist watched for hours.
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    func entry(_ key: String, detailed: Bool) -> Entry? {
        guard let entry = entries[key], entry.detailed || !detailed else { return nil }
        return entry
    }

    func store(_ key: String, _ entry: Entry) {
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }
}
