/// The checks on the probed segments of one media playlist, as pure functions of what was
/// read. Tolerances, and why:
/// - duration: measured (first presentation time to the end of the last frame of the video,
///   else audio) may differ from EXTINF by at most 100 ms; more, and PDT, date ranges and
///   the players' timelines drift from the media;
/// - continuity: without EXT-X-DISCONTINUITY a segment's first timestamp lies within 100 ms
///   of the previous one's end — hls.js jumps gaps up to `maxBufferHole` (0.1 s), larger ones
///   stall; a timestamp reset or jump needs EXT-X-DISCONTINUITY (HLS §3, §4.4.4.3).
struct SegmentMediaRules {
    struct Probed {
        /// Position in the playlist: continuity is only judged between neighbours.
        let index: Int
        let segment: PlaylistSegment
        let probe: ProbedSegment
        let bytes: Int64
    }

    static let durationToleranceNanos: Int64 = 100_000_000
    static let continuityToleranceNanos: Int64 = 100_000_000

    let playlist: Playlist
    /// EXT-X-INDEPENDENT-SEGMENTS applies (here or in the multivariant playlist).
    let independent: Bool

    func check(_ probed: [Probed]) -> [Finding] {
        var findings: [Finding] = []
        // The previous segment, when its timing can be trusted (read, and as long as its EXTINF).
        var previous: (index: Int, segment: PlaylistSegment, timing: StreamTiming)?
        for entry in probed {
            let segment = entry.segment
            if entry.probe.format == "mpegts", entry.bytes % 188 != 0 {
                findings.append(finding(.mediaUnreadable, segment, .error,
                    "segment \(segment.uri) is \(entry.bytes) bytes, not a whole number of 188-byte TS packets: it is truncated"))
            }
            guard let stream = entry.probe.timingStream, let timing = StreamTiming(stream) else {
                findings.append(finding(.mediaUnreadable, segment, .error, "segment \(segment.uri) holds no audio or video packets"))
                previous = nil
                continue
            }
            var trusted = true
            if let extinf = segment.durationNanos, abs(timing.durationNanos - extinf) > Self.durationToleranceNanos {
                findings.append(finding(.mediaDuration, segment, .error,
                    "segment \(segment.uri) lasts \(DecimalSeconds.format(timing.durationNanos)) s but its EXTINF says \(DecimalSeconds.format(extinf)) s (tolerance 0.1 s)"))
                trusted = false
            }
            if independent, let video = entry.probe.video, let first = video.packets.first, !first.isKeyframe {
                findings.append(finding(.mediaKeyframe, segment, .error,
                    "segment \(segment.uri) does not start with a keyframe, but EXT-X-INDEPENDENT-SEGMENTS says every segment decodes on its own",
                    breaks: [.hlsJS, .avFoundation]))
            }
            if let previous, previous.index == entry.index - 1, !segment.discontinuity {
                let jump = Self.difference(timing.startNanos, previous.timing.endNanos, wrap: timing.wrapNanos)
                if abs(jump) > Self.continuityToleranceNanos {
                    let what = jump > 0 ? "a gap of" : "an overlap of"
                    findings.append(finding(.mediaContinuity, segment, .error,
                        "segment \(segment.uri) starts at \(DecimalSeconds.format(timing.startNanos)) s, \(what) \(DecimalSeconds.format(abs(jump))) s after \(previous.segment.uri) ends, without EXT-X-DISCONTINUITY",
                        breaks: [.hlsJS, .avFoundation]))
                }
            }
            previous = trusted ? (entry.index, segment, timing) : nil
        }
        return findings
    }

    /// a − b, taken modulo the timestamp wrap when there is one (the nearest representative).
    static func difference(_ a: Int64, _ b: Int64, wrap: Int64?) -> Int64 {
        var delta = a.saturatingSubtracting(b)
        guard let wrap, wrap > 0 else { return delta }
        delta %= wrap
        if delta > wrap / 2 { delta -= wrap }
        if delta < -wrap / 2 { delta += wrap }
        return delta
    }

    private func finding(_ rule: RuleID, _ segment: PlaylistSegment, _ severity: Severity, _ message: String,
                         breaks: [Player] = []) -> Finding {
        Finding(file: playlist.file, line: segment.uriLine, rule: rule, severity: severity, message: message, breaks: breaks)
    }
}
