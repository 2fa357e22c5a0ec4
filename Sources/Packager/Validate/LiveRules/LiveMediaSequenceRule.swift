/// MEDIA-SEQUENCE increases by exactly the number of segments removed from the front, and
/// the segments that remain are unchanged and in order (HLS §6.2.1, §6.2.2).
struct LiveMediaSequenceRule: LiveUpdateRule {
    let id = RuleID.liveMediaSequence

    func check(_ update: LiveUpdate) -> [Finding] {
        let previous = update.previous, current = update.current
        guard let before = previous.mediaSequence, let after = current.mediaSequence else { return [] }
        let line = current.firstTag("#EXT-X-MEDIA-SEQUENCE")?.line ?? current.segments.first?.startLine ?? 0
        let breaks: [Player] = [.hlsJS, .avFoundation]
        guard after >= before else {
            return [finding(update, line: line, "EXT-X-MEDIA-SEQUENCE went down from \(before) to \(after)", breaks: breaks)]
        }
        let advance = after - before
        guard let removed = update.firstSegmentIndexInPrevious else {
            if advance < UInt64(previous.segments.count), let first = current.segments.first {
                return [finding(update, line: first.uriLine,
                    "first segment \(first.uri) is not in the previous version, whose segment at media sequence \(after) is \(previous.segments[Int(advance)].uri)",
                    breaks: breaks)]
            }
            return []
        }
        var findings: [Finding] = []
        if UInt64(removed) != advance {
            findings.append(finding(update, line: line,
                "\(removed) segment(s) left the front but EXT-X-MEDIA-SEQUENCE advanced by \(advance) (expected \(before.saturatingAdding(UInt64(removed))))",
                breaks: breaks))
        }
        let kept = previous.segments.count - removed
        for offset in 0..<kept {
            let old = previous.segments[removed + offset]
            guard offset < current.segments.count else {
                findings.append(finding(update, line: current.lineCount,
                    "segment \(old.uri) was removed from the middle or end of the playlist", breaks: breaks))
                break
            }
            let new = current.segments[offset]
            if new.uri != old.uri || new.durationNanos != old.durationNanos {
                findings.append(finding(update, line: new.uriLine,
                    "segment \(offset) of the window changed: was \(old.uri) (line \(old.uriLine)), now \(new.uri); remaining segments must stay as they were",
                    breaks: breaks))
                break
            }
        }
        return findings
    }
}
