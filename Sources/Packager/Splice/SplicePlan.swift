/// Which pictures of a splice window stay as they are, which are re-encoded, and with what
/// decode times — pure arithmetic on timestamps, so every GOP shape can be tested without media.
///
/// For a splice at S in a window [A … B + leading(B)] (see `SpliceWindowRule`):
/// - **before**: the longest decode-order prefix of the window whose pictures are all displayed
///   before S and before every picture that must be re-encoded is kept byte for byte. Pictures in
///   a decode-order prefix can only predict from earlier ones, so they stay decodable. The rest of
///   the pictures displayed before S (B-frames that predict from an anchor displayed after S) are
///   re-encoded as a short closed GOP appended to the prefix.
/// - **after**: every picture displayed from S up to B (including B's leading pictures) is
///   re-encoded as a closed GOP that starts with an IDR at S; then B itself, unchanged but for its
///   NAL header and parameter sets (see `ResumeKeyframe`), then the window's remaining packets.
///
/// Re-encoded pictures have no B-frames, so they are decoded in display order. Decode times are
/// the window's own DTS values, sorted and handed out in display order: the k-th smallest DTS of
/// any valid stream is at most its k-th smallest PTS, so every DTS ≤ PTS, DTS strictly increase,
/// and the source packets after the window keep theirs. B takes the last slot (its leading
/// pictures, which used to be decoded after it, are now decoded before it).
struct SplicePlan: Equatable, Sendable {
    enum Origin: Equatable, Sendable {
        /// The window's packet at this index, as it is.
        case source(Int)
        /// The window's packet at this index (the resume keyframe) with rewritten bytes.
        case resumeKeyframe(Int)
        case reencoded
    }

    struct Output: Equatable, Sendable {
        var origin: Origin
        var pts: Int64
        var dts: Int64
    }

    var before: [Output]
    var after: [Output]
    /// Window indices to send to the decoder, in order (empty when nothing is re-encoded).
    var decode: [Int]
    /// Display times of the pictures to re-encode, ascending. The first one and S are IDRs.
    var reencode: [Int64]
    /// Window indices of the resume keyframe's leading pictures, which leave the output (their
    /// pictures are re-encoded before the cut or, in keyframe mode, dropped).
    var dropped: [Int]
    /// Where the cut landed: S for an accurate cut, the resume keyframe's PTS for a keyframe cut.
    var landedPTS: Int64

    /// Frame-accurate: the far side starts with the picture displayed at `splice`.
    static func accurate(_ frames: [SpliceFrame], splice: Int64, input: String) throws -> SplicePlan {
        let shape = try WindowShape(frames, splice: splice, input: input)
        var prefixEnd = (0..<shape.gopEnd).first { frames[$0].pts >= splice } ?? shape.gopEnd
        var rest: [Int] { Array(prefixEnd..<shape.gopEnd) + shape.leadingOfResume }
        // A B-frame kept in the prefix must not be displayed after a picture that is re-encoded.
        while let lowest = rest.map({ frames[$0].pts }).min(),
              let k = (0..<prefixEnd).first(where: { frames[$0].pts >= lowest }) {
            prefixEnd = k
        }
        let reencoded = rest
        if prefixEnd == 0 || reencoded.contains(where: shape.leadingOfStart.contains) {
            let pts = reencoded.map { frames[$0].pts }.min() ?? splice
            throw VideoSpliceError.needsEarlierKeyframe(input: input, pts: pts)
        }
        var slots = (Array(0..<shape.gopEnd) + (shape.resume.map { [$0] } ?? []) + shape.leadingOfResume)
            .map { frames[$0].dts }.sorted()
        var before = (0..<prefixEnd).map { Output(origin: .source($0), pts: frames[$0].pts, dts: frames[$0].dts) }
        var after: [Output] = []
        for (offset, pts) in reencoded.map({ frames[$0].pts }).sorted().enumerated() {
            let output = Output(origin: .reencoded, pts: pts, dts: slots[prefixEnd + offset])
            if pts < splice { before.append(output) } else { after.append(output) }
        }
        if let resume = shape.resume {
            let slot = slots.removeLast()
            after.append(Output(origin: .resumeKeyframe(resume), pts: frames[resume].pts, dts: slot))
            after += shape.trailing.map { Output(origin: .source($0), pts: frames[$0].pts, dts: frames[$0].dts) }
        }
        let needed = Set(reencoded)
        let decode = reencoded.isEmpty ? [] : (0...(reencoded.max() ?? 0)).filter { index in
            index == 0 || (!shape.leadingOfStart.contains(index) && (needed.contains(index) || !frames[index].isNonReference))
        }
        let plan = SplicePlan(before: before, after: after, decode: decode,
                              reencode: reencoded.map { frames[$0].pts }.sorted(),
                              dropped: shape.leadingOfResume, landedPTS: splice)
        try plan.checkTimestamps(input: input)
        return plan
    }

    /// Keyframe mode: the cut lands on the resume keyframe; its leading pictures are dropped
    /// (they would predict from pictures on the other side), nothing is decoded or re-encoded.
    static func atKeyframe(_ frames: [SpliceFrame], splice: Int64, input: String) throws -> SplicePlan {
        let shape = try WindowShape(frames, splice: splice, input: input)
        guard let resume = shape.resume else {
            throw VideoSpliceError.spliceOutsideWindow(input: input, splice: splice, first: frames.first?.pts ?? splice,
                                                       last: frames.map(\.pts).max() ?? splice)
        }
        let before = (0..<shape.gopEnd).map { Output(origin: .source($0), pts: frames[$0].pts, dts: frames[$0].dts) }
        let after = [Output(origin: .resumeKeyframe(resume), pts: frames[resume].pts, dts: frames[resume].dts)]
            + shape.trailing.map { Output(origin: .source($0), pts: frames[$0].pts, dts: frames[$0].dts) }
        let plan = SplicePlan(before: before, after: after, decode: [], reencode: [], dropped: shape.leadingOfResume,
                              landedPTS: frames[resume].pts)
        try plan.checkTimestamps(input: input)
        return plan
    }

    private func checkTimestamps(input: String) throws {
        var last: Int64?
        for output in before + after {
            if output.dts > output.pts {
                throw VideoSpliceError.badTimestamps(input: input, pts: output.pts, reason: "DTS \(output.dts) is after its PTS")
            }
            if let last, output.dts <= last {
                throw VideoSpliceError.badTimestamps(input: input, pts: output.pts,
                                                     reason: "DTS \(output.dts) does not follow \(last) (leading pictures interleaved with trailing ones?)")
            }
            last = output.dts
        }
    }
}
