/// Which side of a cut each compressed audio frame goes to.
///
/// The rule: a frame goes before the cut when more than half of its samples are before it
/// (`pts + duration / 2 < cut`), otherwise after. A frame is never split: AAC frames are not
/// independently decodable at sample precision (each one overlaps its neighbour through the
/// MDCT window), and re-encoding the straddling frame would add an encoder delay (priming) that
/// MPEG-TS cannot signal. So each side of a cut ends or starts on a frame boundary within half a
/// frame of the cut — 10.7 ms for 1024-sample AAC at 48 kHz — which is what a decoder that joins
/// the two sides (a player moving between primary and interstitial) sees as the audio edge; the
/// video cut itself is exact.
///
/// An exact tie (the cut at the frame's midpoint) goes after, so each sample range is assigned
/// once and a cut at a frame boundary keeps every frame on its own side.
enum AudioSpliceRule {
    enum Side: Equatable, Sendable { case before, after }

    static func side(pts: Int64, duration: Int64, cut: Int64) -> Side {
        // 2·(cut − pts) > duration, in integers: no rounding of odd durations.
        (cut - pts) * 2 > duration ? .before : .after
    }

    /// `side` when `nearest` (accurate splices), else the rule keyframe cuts always had — a frame
    /// goes where its PTS says — so `--splice keyframe` output stays what it was.
    static func side(pts: Int64, duration: Int64, cut: Int64, nearest: Bool) -> Side {
        nearest ? side(pts: pts, duration: duration, cut: cut) : (pts < cut ? .before : .after)
    }

    /// How far this side's audio edge ends up from the cut: positive when the before side runs
    /// past the cut (or the after side starts after it). At most half a frame by construction.
    static func edgeError(pts: Int64, duration: Int64, cut: Int64) -> Int64 {
        switch side(pts: pts, duration: duration, cut: cut) {
        case .before: return pts + duration - cut
        case .after: return pts - cut
        }
    }
}
