import CueDetect
import Foundation

// Cue sources beside the in-band SCTE-35 the InputReader delivers: their cues are known
// before the media is read, and the SpanStage merges them into arrival order.

/// A sidecar cue sheet (text `pts,cue` lines or JSON).
struct SidecarCueSource {
    let url: URL

    /// The sheet's cues placed on a timeline near `reference` (unwrapped ticks), by arrival.
    func cues(near reference: Int64?) throws -> [DetectedCue] {
        try load().map { Self.cue($0, near: reference) }
            .sorted { ($0.arrivalTicks ?? 0) < ($1.arrivalTicks ?? 0) }
    }

    private func load() throws -> [CueSheetEntry] {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw CueScanError.sidecarUnreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        do {
            return try CueSheet.parse(text)
        } catch let error as CueSheetError {
            throw CueScanError.sidecarInvalid(path: url.path, error)
        }
    }

    /// An entry is inserted at its PTS (its arrival); an immediate splice happens there.
    static func cue(_ entry: CueSheetEntry, near reference: Int64?) -> DetectedCue {
        let arrival = UInt64(max(0, (entry.ptsSeconds * Double(ProgramClock.hz)).rounded())) & ProgramClock.mask
        var cue = InBandCueAssembler.decode(entry.section, origin: .sidecar(line: entry.line), arrival: arrival)
        let near = reference ?? Int64(arrival)
        cue.arrivalTicks = ProgramClock.unwrap(arrival, near: near)
        cue.effectiveTicks = cue.splicePTS.map { ProgramClock.unwrap($0, near: near) } ?? cue.arrivalTicks
        return cue
    }
}

/// Container chapters (MP4, MKV) read by libavformat; the SpanTracker's classifier decides
/// which titles are recaps.
enum ChapterCueSource {
    static func cues(from chapters: [ChapterInfo]) -> [DetectedCue] {
        chapters.map { chapter in
            let start = ProgramClock.ticks(seconds: chapter.start)
            return DetectedCue(origin: .chapter(index: chapter.index), bytes: [], section: nil, decodeError: nil,
                               arrivalPTS: nil, splicePTS: nil, effectiveTicks: start, arrivalTicks: start,
                               chapter: ChapterSignal(index: chapter.index, title: chapter.title,
                                                      endTicks: ProgramClock.ticks(seconds: chapter.end)))
        }
    }
}
