/// The date ranges of one playlist by ID, in order of first appearance. Built in one pass.
public struct DateRangeIndex: Sendable {
    public private(set) var ranges: [PlaylistDateRange] = []
    private var positionByID: [String: Int] = [:]

    init(_ tags: [DateRangeTag]) {
        for tag in tags {
            guard let id = tag.id else { continue }
            if let position = positionByID[id] {
                ranges[position].add(tag)
            } else {
                positionByID[id] = ranges.count
                ranges.append(PlaylistDateRange(id: id, first: tag))
            }
        }
    }

    public subscript(id: String) -> PlaylistDateRange? {
        positionByID[id].map { ranges[$0] }
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// The end of every range, resolving END-ON-NEXT to the START-DATE of the next range of
    /// the same CLASS (HLS §4.4.5.1). nil = open-ended.
    public func resolvedEnds() -> [String: Timestamp] {
        var ends: [String: Timestamp] = [:]
        var openEndOnNextByClass: [String: [String]] = [:]
        let byStart = ranges.filter { $0.startDate != nil }.sorted { ($0.startDate?.nanoseconds ?? 0) < ($1.startDate?.nanoseconds ?? 0) }
        for range in byStart {
            let rangeClass = range.merged["CLASS"]?.value
            if let rangeClass, let start = range.startDate, let waiting = openEndOnNextByClass[rangeClass] {
                for id in waiting { ends[id] = start }
                openEndOnNextByClass[rangeClass] = nil
            }
            if let end = range.explicitEnd {
                ends[range.id] = end
            } else if range.merged["END-ON-NEXT"] != nil, let rangeClass {
                openEndOnNextByClass[rangeClass, default: []].append(range.id)
            }
        }
        return ends
    }
}
