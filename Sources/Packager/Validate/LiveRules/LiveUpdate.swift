/// Two successive versions of one live playlist, aligned once: how many segments left the
/// front, found from the segment URIs (not from MEDIA-SEQUENCE, which is what is checked).
struct LiveUpdate {
    let previous: Playlist
    let current: Playlist
    /// Index in `previous` of the current first segment; nil when it is not there.
    let firstSegmentIndexInPrevious: Int?

    init(previous: Playlist, current: Playlist) {
        self.previous = previous
        self.current = current
        if let first = current.segments.first {
            firstSegmentIndexInPrevious = previous.segments.firstIndex { $0.uri == first.uri }
        } else {
            firstSegmentIndexInPrevious = nil
        }
    }

    /// Segments removed from the front: the aligned index, or the whole previous window when
    /// none of it remains. nil when the versions cannot be aligned.
    var removedCount: Int? {
        if let index = firstSegmentIndexInPrevious { return index }
        guard let previousSequence = previous.mediaSequence, let currentSequence = current.mediaSequence,
              currentSequence >= previousSequence,
              currentSequence - previousSequence >= UInt64(previous.segments.count)
        else { return nil }
        return previous.segments.count
    }
}
