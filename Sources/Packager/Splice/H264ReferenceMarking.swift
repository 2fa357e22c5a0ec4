/// The short- and long-term reference frames a decoder holds (H.264 §8.2.5), tracked from a
/// resume keyframe on, so marking commands that name a frame from before it — one the output no
/// longer has — can be found and removed. Frames only (the rewriter refuses field pictures).
struct H264ReferenceMarking {
    let log2MaxFrameNum: Int
    let maxReferenceFrames: Int
    private(set) var shortTerm: [Int64] = []         // frame_num, oldest first
    private(set) var longTerm: Set<Int64> = []       // LongTermFrameIdx

    init(log2MaxFrameNum: Int, maxReferenceFrames: Int) {
        self.log2MaxFrameNum = log2MaxFrameNum
        self.maxReferenceFrames = max(maxReferenceFrames, 1)
    }

    /// The commands of a picture with `frameNum` that name frames this decoder holds.
    func applicable(_ commands: [H264SliceHeader.MarkingCommand], frameNum: Int64) -> [H264SliceHeader.MarkingCommand] {
        var short = shortTerm, long = longTerm
        return commands.filter { command in
            switch command.operation {
            case 1, 3:
                let target = frameNum - (command.argument("difference_of_pic_nums_minus1") ?? 0) - 1
                guard let index = short.firstIndex(where: { Self.wrap($0, current: frameNum, bits: log2MaxFrameNum) == target }) else { return false }
                short.remove(at: index)
                if command.operation == 3, let idx = command.argument("long_term_frame_idx") { long.insert(idx) }
                return true
            case 2:
                guard let idx = command.argument("long_term_pic_num"), long.contains(idx) else { return false }
                long.remove(idx)
                return true
            default:
                return true
            }
        }
    }

    /// Marks the decoded picture (§8.2.5.3, §8.2.5.4) and stores it as a reference.
    mutating func decoded(frameNum: Int64, idr: Bool, adaptive: [H264SliceHeader.MarkingCommand]?) {
        if idr {
            shortTerm = [frameNum]
            longTerm = []
            return
        }
        guard let commands = adaptive else {
            if shortTerm.count + longTerm.count >= maxReferenceFrames, !shortTerm.isEmpty {
                let oldest = shortTerm.indices.min { Self.wrap(shortTerm[$0], current: frameNum, bits: log2MaxFrameNum) < Self.wrap(shortTerm[$1], current: frameNum, bits: log2MaxFrameNum) }
                if let oldest { shortTerm.remove(at: oldest) }
            }
            shortTerm.append(frameNum)
            return
        }
        var current: Int64? = frameNum
        for command in commands {
            switch command.operation {
            case 1, 3:
                let target = frameNum - (command.argument("difference_of_pic_nums_minus1") ?? 0) - 1
                shortTerm.removeAll { Self.wrap($0, current: frameNum, bits: log2MaxFrameNum) == target }
                if command.operation == 3, let idx = command.argument("long_term_frame_idx") { longTerm.insert(idx) }
            case 2:
                if let idx = command.argument("long_term_pic_num") { longTerm.remove(idx) }
            case 4:
                let limit = command.argument("max_long_term_frame_idx_plus1") ?? 0
                longTerm = longTerm.filter { $0 < limit }
            case 5:
                shortTerm = []
                longTerm = []
                current = 0
            case 6:
                if let idx = command.argument("long_term_frame_idx") { longTerm.insert(idx) }
                current = nil
            default:
                break
            }
        }
        if let current { shortTerm.append(current) }
    }

    /// FrameNumWrap (§8.2.4.1): frames numbered after the current one were numbered before a wrap.
    private static func wrap(_ frameNum: Int64, current: Int64, bits: Int) -> Int64 {
        frameNum > current ? frameNum - (1 << Int64(bits)) : frameNum
    }
}
