extension VideoSpliceCutter {
    /// A keyframe cut when the GOP before the cut is no longer at hand (a live channel that did not
    /// hold it, a splice signalled after that GOP went out): `window` is the resume keyframe and
    /// the packets that follow it in decode order up to the first one displayed after it, so its
    /// leading pictures. Those predict from the GOP on the other side of the cut and are dropped;
    /// the keyframe is rewritten as in every cut (`ResumeKeyframe`, and an H.264 open-GOP I picture
    /// becomes an IDR). Nothing is decoded. `after` holds the keyframe (and any later picture the
    /// window holds); `before` is empty.
    func resumeAtKeyframe(_ window: [SpliceInputPacket]) throws -> VideoSplice {
        let clock = SpliceClock()
        guard let first = window.first, first.packet.isKeyframe else {
            throw VideoSpliceError.windowDoesNotStartWithKeyframe(input: input, pts: window.first?.pts)
        }
        let frames = inspect(window)
        let leading = window.indices.dropFirst().filter { window[$0].pts < first.pts }
        let later = window.indices.dropFirst().filter { window[$0].pts > first.pts }
        let plan = SplicePlan(
            before: [],
            after: [SplicePlan.Output(origin: .resumeKeyframe(0), pts: first.pts, dts: first.dts)]
                + later.map { SplicePlan.Output(origin: .source($0), pts: frames[$0].pts, dts: frames[$0].dts) },
            decode: [], reencode: [], dropped: leading, landedPTS: first.pts)
        var result = try assemble(window, frames: frames, plan: plan, encoded: [:])
        try makeResumeIDR(&result, window: window)
        if !leading.isEmpty { result.notes.append(.leadingPicturesDropped(count: leading.count, pts: first.pts)) }
        (result.cost.cpuMilliseconds, result.cost.wallMilliseconds) = clock.elapsed()
        return result
    }
}
