extension FragmentTrack {
    /// When a sample lands and how long it lasts, as movenc places it.
    struct SampleTiming {
        var dts: Int64
        var presentation: Int64
        var duration: Int64

        init(track: FragmentTrack, pts: Int64?, dts: Int64?, duration: Int64) throws {
            var dts = dts ?? pts ?? 0
            var pts = pts
            var duration = duration
            if duration == 0, track.kind == .audio { duration = track.frameDuration }
            // A DTS that does not follow the previous sample (or, first in a fragment, where the
            // previous fragment said it ends) is moved just past it and loses its PTS.
            let reference = track.samples.last?.dts ?? track.startDTS.map { $0 + track.trackDuration } ?? dts
            if dts < reference || dts - reference >= Int64(Int32.max) {
                dts = reference + 1
                pts = nil
            }
            guard (0...Int64(Int32.max)).contains(duration) else { throw FragmentError.invalidDuration(duration) }
            let presentation = pts ?? dts
            guard Int64(Int32(truncatingIfNeeded: dts - presentation)) == dts - presentation else {
                throw FragmentError.compositionOffsetTooLarge(pts: presentation, dts: dts)
            }
            (self.dts, self.presentation, self.duration) = (dts, presentation, duration)
        }
    }
}
