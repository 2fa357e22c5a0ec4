/// Which packets a caller hands to `VideoSpliceCutter` for a splice at `splice` (a PTS).
///
/// A window starts at the last keyframe whose PTS is before the splice and runs, in decode
/// order, through the first keyframe at or after the splice ("the resume keyframe") and the
/// leading pictures that follow it (decoded after it, displayed before it: HEVC RASL/RADL, the
/// B-frames before an H.264 open-GOP I-frame), because those pictures are displayed before the
/// cut's far side and may predict from the window's GOP. The first packet displayed after the
/// resume keyframe ends the window and is not part of it. At the end of the input the window is
/// whatever was buffered.
enum SpliceWindowRule {
    /// The number of leading packets of `frames` (decode order, starting at a keyframe) that form
    /// the window, or nil while the window is still open (more packets are needed).
    static func windowLength(_ frames: [SpliceFrame], splice: Int64) -> Int? {
        guard frames.count > 1 else { return nil }
        guard let resume = frames.indices.dropFirst().first(where: { frames[$0].isKeyframe && frames[$0].pts >= splice })
        else { return nil }
        let resumePTS = frames[resume].pts
        return frames.indices.dropFirst(resume + 1).first { frames[$0].pts > resumePTS }
    }

    /// Index of the keyframe a window for `splice` starts at: the last one displayed before it.
    static func windowStart(_ frames: [SpliceFrame], splice: Int64) -> Int? {
        frames.indices.last { frames[$0].isKeyframe && frames[$0].pts < splice }
    }
}
