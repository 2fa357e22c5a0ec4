/// The parts of a splice window (see `SpliceWindowRule`), by index in decode order.
struct WindowShape {
    /// The first keyframe after the window's start displayed at or after the splice.
    let resume: Int?
    /// End of the splice's GOP: the resume keyframe's index, or the window's length.
    let gopEnd: Int
    /// Packets after the start keyframe displayed before it (they predict from the GOP before).
    let leadingOfStart: Set<Int>
    /// Packets after the resume keyframe displayed before it.
    let leadingOfResume: [Int]
    /// Packets after the resume keyframe displayed after it.
    let trailing: [Int]

    init(_ frames: [SpliceFrame], splice: Int64, input: String) throws {
        guard let first = frames.first, first.isKeyframe else {
            throw VideoSpliceError.windowDoesNotStartWithKeyframe(input: input, pts: frames.first?.pts)
        }
        let lastPTS = frames.map(\.pts).max() ?? first.pts
        guard first.pts < splice, splice <= lastPTS else {
            throw VideoSpliceError.spliceOutsideWindow(input: input, splice: splice, first: frames.map(\.pts).min() ?? first.pts,
                                                       last: lastPTS)
        }
        let resume = frames.indices.dropFirst().first { frames[$0].isKeyframe && frames[$0].pts >= splice }
        self.resume = resume
        gopEnd = resume ?? frames.count
        leadingOfStart = Set((1..<gopEnd).filter { frames[$0].pts < first.pts })
        if let resume {
            let after = frames.indices.dropFirst(resume + 1)
            leadingOfResume = after.filter { frames[$0].pts < frames[resume].pts }
            trailing = after.filter { frames[$0].pts > frames[resume].pts }
        } else {
            leadingOfResume = []
            trailing = []
        }
    }
}
