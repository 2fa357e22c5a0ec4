/// What every rendition's splicer reports: one record per cut, and warnings — at most one per
/// span for the same reason, however many edges and renditions it has.
final class SpliceLog {
    /// The input, for error messages.
    let input: String
    private(set) var records: [SpliceEdgeRecord] = []
    /// How many of `records` `takeNewRecords` has handed out.
    private var taken = 0
    private var warnings: [String] = []
    private var warned: Set<String> = []

    init(input: String) { self.input = input }

    func record(_ record: SpliceEdgeRecord) { records.append(record) }

    /// `text` about span `spanID`, said once per span and `topic`.
    func warn(span spanID: String, topic: String, _ text: String) {
        guard warned.insert(spanID + "\u{0}" + topic).inserted else { return }
        warnings.append(text)
    }

    /// The records added since the last call (live logs each as it happens).
    func takeNewRecords() -> ArraySlice<SpliceEdgeRecord> {
        defer { taken = records.count }
        return records[taken...]
    }

    func takeWarnings() -> [String] {
        defer { warnings.removeAll() }
        return warnings
    }
}
