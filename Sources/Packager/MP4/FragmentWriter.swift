import Foundation

/// fMP4 fragments (moof + mdat) of H.264/HEVC video and AAC audio, written the way libavformat's
/// mp4 muxer writes them with `frag_custom+default_base_moof` (movenc.c, FFmpeg 5.1): the same
/// boxes, fields and flags, so a segment is byte for byte the muxer's — without the muxer's
/// copies of every sample (into a growing per-track buffer, then through its I/O buffer) or its
/// per-packet bookkeeping. The init segment stays the muxer's (`SegmentMuxer`), and the muxer
/// checks this writer against its own first fragment before handing the rest over.
final class FragmentWriter {
    static let dependsOnNothing: UInt32 = 0x0200_0000
    static let nonSyncDependent: UInt32 = 0x0101_0000

    let tracks: [FragmentTrack]
    /// The next moof's sequence number (movenc starts at 1).
    private(set) var sequence: UInt32 = 1
    /// moof and the mdat header; the samples stay in their tracks' buffers.
    let header = ByteBuffer(capacity: 16 * 1024)

    init(tracks: [FragmentTrack]) {
        self.tracks = tracks
    }

    /// Closes the open fragment: `header` then holds moof and the mdat header, to be followed by
    /// each track's `data` in order (`write`). False when no track has samples (nothing to write).
    func finish() -> Bool {
        header.removeAll()
        let filled = tracks.filter { !$0.samples.isEmpty }
        guard !filled.isEmpty else { return false }
        for track in filled { track.closeLastSample() }
        let mdatSize = filled.reduce(0) { $0 + $1.byteCount }
        guard mdatSize > 0 else { return false }
        let runs = filled.map(run)
        let moofSize = 8 + 16 + zip(filled, runs).reduce(0) { $0 + trafByteCount($1.1, samples: $1.0.samples.count) }
        let moof = header.beginBox("moof")
        header.appendUInt32(16)
        header.appendType("mfhd")
        header.appendUInt32(0)
        header.appendUInt32(sequence)
        var dataOffset = 0
        for (track, run) in zip(filled, runs) {
            writeTraf(track, run: run, dataOffset: moofSize + 8 + dataOffset)
            dataOffset += track.byteCount
        }
        header.endBox(moof)
        header.appendUInt32(UInt32(mdatSize + 8))
        header.appendType("mdat")
        sequence += 1
        return true
    }

    /// Writes the closed fragment through `sink` and empties the tracks for the next one.
    func write(_ sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try sink(header.bytes)
        for track in tracks where !track.samples.isEmpty {
            if let data = track.data { try sink(data.bytes) }
            track.removeSamples()
        }
    }

    /// Whether the closed fragment, counted but not kept, is `muxed` (the muxer's own of the
    /// same samples): moof and mdat header equal byte for byte, the samples' total size equal.
    /// Empties the tracks.
    func closedFragmentMatches(_ muxed: Data) -> Bool {
        let mdatSize = tracks.reduce(0) { $0 + $1.byteCount }
        defer { discard() }
        guard muxed.count == header.count + mdatSize else { return false }
        return muxed.withUnsafeBytes { theirs in
            guard let base = theirs.baseAddress, let ours = header.bytes.baseAddress else { return header.count == 0 }
            return memcmp(base, ours, header.count) == 0
        }
    }

    /// Takes over another writer's timeline (`FragmentWriter+Timeline`), with no fragment open.
    func adopt(_ timeline: Timeline) {
        sequence = timeline.sequence
        for (track, state) in zip(tracks, timeline.tracks) { track.adopt(state) }
    }

    /// Forgets the open fragment (when the muxer's own bytes are the ones kept).
    func discard() {
        for track in tracks { track.removeSamples() }
    }

    private struct Run {
        var flags: UInt32 = 0x01
        var defaultDuration: Int64
        var defaultSize: UInt32
        var defaultFlags: UInt32
    }

    private func run(_ track: FragmentTrack) -> Run {
        let samples = track.samples
        let defaultFlags = samples.count > 1 ? samples[1].flags
            : (track.kind == .video ? Self.nonSyncDependent : Self.dependsOnNothing)
        var run = Run(defaultDuration: track.duration(0), defaultSize: samples[0].size, defaultFlags: defaultFlags)
        for i in samples.indices {
            if track.duration(i) != run.defaultDuration { run.flags |= 0x100 }
            if samples[i].size != run.defaultSize { run.flags |= 0x200 }
            if i > 0, samples[i].flags != defaultFlags { run.flags |= 0x400 }
        }
        if run.flags & 0x400 == 0, samples[0].flags != defaultFlags { run.flags |= 0x04 }
        if track.hasCompositionOffsets { run.flags |= 0x800 }
        return run
    }

    /// traf header, tfhd (28: track id and three defaults), tfdt (20, version 1) and trun.
    private func trafByteCount(_ run: Run, samples: Int) -> Int {
        let perSample = [0x100, 0x200, 0x400, 0x800].filter { run.flags & UInt32($0) != 0 }.count * 4
        return 8 + 28 + 20 + 20 + (run.flags & 0x04 != 0 ? 4 : 0) + perSample * samples
    }

    private func writeTraf(_ track: FragmentTrack, run: Run, dataOffset: Int) {
        let samples = track.samples
        let traf = header.beginBox("traf")
        // tfhd: default-base-is-moof, default duration, size and flags.
        header.appendUInt32(28)
        header.appendType("tfhd")
        header.appendUInt8(0)
        header.appendUInt24(0x02_0038)
        header.appendUInt32(track.id)
        header.appendUInt32(UInt32(truncatingIfNeeded: run.defaultDuration))
        header.appendUInt32(run.defaultSize)
        header.appendUInt32(run.defaultFlags)
        // tfdt, version 1: the fragment's decode time from the track's start.
        header.appendUInt32(20)
        header.appendType("tfdt")
        header.appendUInt32(0x0100_0000)
        header.appendUInt64(UInt64(bitPattern: samples[0].dts - (track.startDTS ?? 0)))
        let trun = header.beginBox("trun")
        header.appendUInt8(0)
        header.appendUInt24(run.flags)
        header.appendUInt32(UInt32(samples.count))
        header.appendUInt32(UInt32(truncatingIfNeeded: dataOffset))
        if run.flags & 0x04 != 0 { header.appendUInt32(samples[0].flags) }
        for i in samples.indices {
            if run.flags & 0x100 != 0 { header.appendUInt32(UInt32(truncatingIfNeeded: track.duration(i))) }
            if run.flags & 0x200 != 0 { header.appendUInt32(samples[i].size) }
            if run.flags & 0x400 != 0 { header.appendUInt32(samples[i].flags) }
            if run.flags & 0x800 != 0 { header.appendUInt32(UInt32(truncatingIfNeeded: samples[i].cts)) }
        }
        header.endBox(trun)
        header.endBox(traf)
    }
}
