import CueDetect
import Foundation

/// A cue source plugin. The input is read once (`InBandCueReader`); each source then yields
/// its cues on that input's timeline. New kinds (cue tags of a source playlist, discontinuity
/// breaks of a stitched input) plug in here.
protocol CueSource {
    var name: String { get }
    func cues(in media: InBandCueReader.Result) throws -> [DetectedCue]
}

/// SCTE-35 carried in the TS itself (scanner + libavformat, already read with the media).
struct InBandCueSource: CueSource {
    let name = "in_band"
    func cues(in media: InBandCueReader.Result) throws -> [DetectedCue] { media.cues }
}

/// A sidecar cue sheet (text `pts,cue` lines or JSON).
struct SidecarCueSource: CueSource {
    let name = "sidecar"
    let url: URL

    func cues(in media: InBandCueReader.Result) throws -> [DetectedCue] {
        try cues(near: media.firstVideoTicks ?? media.startTicks)
    }

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
struct ChapterCueSource: CueSource {
    let name = "chapters"

    func cues(in media: InBandCueReader.Result) throws -> [DetectedCue] { Self.cues(from: media.chapters) }

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
