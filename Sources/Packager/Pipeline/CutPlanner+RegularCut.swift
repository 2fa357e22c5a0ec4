/// The regular cut rule: when a segment has held its target (or the next GOP would carry it past
/// the cap), where the cut goes after lost frames, and the target fixed when the first segment closes.
extension CutPlanner {
    /// Media in the open segment of the route's leading output (an asset piece in a span, else
    /// the primary), if one is open.
    func elapsed(at pts: Int64) -> Int64? {
        switch route {
        case .none: return nil
        case .primary: return segmentStart[.primary].map { (pts - shift) - $0 }
        case .span(let key, _): return piece(of: key).flatMap { segmentStart[.asset($0)] }.map { pts - $0 }
        }
    }

    func shouldCutRegularly(elapsed: Int64) -> Bool {
        if elapsed >= rule.targetTicks { return true }
        guard let next = gop.predicted else { return false }
        return elapsed + next > rule.capTicks
    }

    /// Where a regular cut before the frame at `pts` goes: at it, unless frames lost from the input
    /// left a hole before it that would carry the closing segment past the cap — then at the end
    /// of the last frame, and the hole opens the next segment (live: never an EXTINF above target).
    func regularCut(before pts: Int64) -> Int64 {
        guard rule.hardCap, let reference = leadingOutput, let start = segmentStart[reference],
              let end = lastVideoEnd[reference] else { return pts }
        let offset = reference == .primary ? shift : 0
        guard pts - offset - start > rule.capTicks, end - start <= rule.capTicks, end + offset < pts else { return pts }
        return end + offset
    }

    /// How long the open segment would be if it ran to `end` (input ticks).
    func reach(adding end: Int64) -> Int64? {
        guard let reference = leadingOutput, let start = segmentStart[reference] else { return nil }
        let onTarget = reference == .primary ? end - shift : end
        return max(onTarget, lastVideoEnd[reference] ?? onTarget) - start
    }

    var leadingOutput: OutputTarget? {
        switch route {
        case .none: return nil
        case .primary: return .primary
        case .span(let key, _): return piece(of: key).map { .asset($0) }
        }
    }

    mutating func noteVideo(pts: Int64, duration: Int64) {
        guard let reference = leadingOutput else { return }
        let end = (reference == .primary ? pts - shift : pts) + max(duration, 0)
        lastVideoEnd[reference] = max(lastVideoEnd[reference] ?? end, end)
    }

    /// Fixes the declared target when the first segment closes: the first GOP is known by then.
    mutating func lockTarget(firstSegment: Int64?) throws {
        guard !targetLocked else { return }
        targetLocked = true
        try grid?.check(gopTicks: gop.predicted)
        if let gopTicks = gop.predicted, gopTicks > rule.capTicks {
            if rule.targetFixed { throw CutPlannerError.gopExceedsTarget(gopTicks: gopTicks, targetDuration: rule.declaredTarget) }
            rule.declaredTarget = Int(TargetDuration.roundedSeconds(ticks: gopTicks))
        }
        // A keyframe lost on the way (UDP loss) makes the first segment longer than any GOP seen.
        if !rule.targetFixed, let first = firstSegment, first > rule.capTicks {
            rule.declaredTarget = max(rule.declaredTarget, Int(TargetDuration.roundedSeconds(ticks: first)))
        }
        records.append(.targetDuration(rule.declaredTarget))
    }
}
