import CueDetect
import Foundation

/// The first read of a stitched presentation, before anything is written: every segment of a
/// rendition is fetched and demuxed (no decoding) for its timestamps and media signature, its
/// cue tags and in-band SCTE-35 are read, and a segment that is missing, truncated or not media
/// stops the conversion here, naming its line.
struct SegmentSurvey {
    /// What the analysis needs, per segment, plus one demuxer per distinct signature (kept open:
    /// the muxers copy their codec parameters from it).
    var segments: [StitchedSegment] = []
    var marks: [CueMark] = []
    var inBandCues: [(segment: Int, cue: DetectedCue)] = []
    var parameterSources: [MediaSignature: SegmentDemuxer] = [:]

    static func run(_ playlist: HLSMediaPlaylist, loader: SegmentLoader, reader: CueTagReader) throws -> SegmentSurvey {
        var survey = SegmentSurvey()
        for segment in playlist.segments {
            try survey.add(segment, playlist: playlist, loader: loader, reader: reader)
        }
        for tag in playlist.trailingCueTags {
            survey.marks += try marks(of: tag, segment: playlist.segments.count, playlist: playlist, reader: reader)
        }
        return survey
    }

    mutating func add(_ segment: HLSSegment, playlist: HLSMediaPlaylist, loader: SegmentLoader, reader: CueTagReader) throws {
        for tag in segment.cueTags { marks += try Self.marks(of: tag, segment: segment.index, playlist: playlist, reader: reader) }
        let bytes = try loader.bytes(of: segment, in: playlist)
        let previous = segment.index > 0 ? playlist.segments[segment.index - 1] : nil
        let (facts, demuxer) = try Self.facts(of: segment, bytes: bytes, playlist: playlist,
                                              reference: segments.last?.endVideoTicks, previous: previous)
        if parameterSources[facts.signature] == nil { parameterSources[facts.signature] = demuxer }
        if bytes.first == 0x47 { scanCues(bytes, segment: segment, reader: reader) }
        segments.append(facts)
    }

    /// What one segment's media says: its first frame, where its last ends, its signature; a
    /// segment that is not media, or shorter than its EXTINF, is refused with its line.
    static func facts(of segment: HLSSegment, bytes: Data, playlist: HLSMediaPlaylist, reference: Int64?,
                      previous: HLSSegment?) throws -> (StitchedSegment, SegmentDemuxer) {
        func fail(_ reason: String) -> StitchedError {
            .segment(playlist: playlist.name, line: segment.line, uri: segment.uri, reason: reason)
        }
        let packets: SegmentPackets
        do {
            packets = try SegmentPackets(bytes: bytes, name: segment.uri, reference: reference)
        } catch let error as FFmpegError {
            throw fail("is not media libavformat can read (\(error.reason))")
        }
        guard packets.demuxer.videoIndex != nil else {
            throw fail("has no video stream (streams: \(packets.demuxer.streams.map { "\($0.kind.rawValue) \($0.codecName)" }.joined(separator: ", ")))")
        }
        var videoPTS: [Int64] = []
        var durations: [Int64: Int] = [:]
        do {
            while let p = try packets.next() {
                guard p.stream.kind == .video else { continue }
                videoPTS.append(p.pts)
                if p.duration > 0 { durations[p.duration, default: 0] += 1 }
            }
        } catch let error as FFmpegError {
            throw fail("cannot be demuxed (\(error.reason))")
        }
        guard let first = videoPTS.min(), let lastFrame = videoPTS.max() else { throw fail("holds no video frame") }
        let sorted = videoPTS.sorted()
        var deltas: [Int64: Int] = [:]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a { deltas[b - a, default: 0] += 1 }
        let frame = (durations.max { ($0.value, $1.key) < ($1.value, $0.key) } ?? deltas.max { ($0.value, $1.key) < ($1.value, $0.key) })?.key ?? 0
        let end = lastFrame + frame
        let tolerance: Double = (playlist.version ?? 1) < 3 ? 1.0 : 0.5
        let media = Double(end - first) / 90_000
        if media + tolerance < segment.extinf {
            throw fail(String(format: "is truncated: its video lasts %.3f s but its #EXTINF says %.3f s", media, segment.extinf))
        }
        let signature = packets.demuxer.signature(frameRate: frame > 0 ? 90_000 / Double(frame) : 0)
        let newMap = previous != nil && (segment.map?.url != previous?.map?.url || segment.map?.byteRange != previous?.map?.byteRange)
        let facts = StitchedSegment(index: segment.index, line: segment.line, uri: segment.uri, extinfTicks: segment.extinfTicks,
                                    discontinuity: segment.discontinuity, newMap: newMap, firstVideoTicks: first, endVideoTicks: end,
                                    signature: signature, programDateTimeMillis: segment.programDateTimeMillis)
        return (facts, packets.demuxer)
    }

    /// In-band SCTE-35 of a TS segment, from the section scanner over its bytes.
    private mutating func scanCues(_ bytes: Data, segment: HLSSegment, reader: CueTagReader) {
        let feed = InBandCueFeed()
        bytes.withUnsafeBytes { feed.observe($0) }
        for cue in feed.drain() + feed.finish() {
            inBandCues.append((segment.index, cue))
            if let mark = reader.inBandMark(cue, segment: segment.index, line: segment.line) { marks.append(mark) }
        }
    }

    static func marks(of tag: HLSCueTag, segment: Int, playlist: HLSMediaPlaylist, reader: CueTagReader) throws -> [CueMark] {
        do {
            return try reader.marks(tag: tag.name, value: tag.value, line: tag.line, segment: segment)
        } catch let error as StitchedAnalysisError {
            throw StitchedError.analysis(playlist: playlist.name, error)
        }
    }
}
