/// A segment handed to the sink, waiting for it (and its init segment) to be confirmed.
struct PendingSegment {
    var record: SegmentRecord
    var waiting: Set<String>
    var failed: Set<String> = []
    var deadline: Double
}
