import Foundation

/// pkgctl's own fMP4 muxer for one output presentation of H.264 and AAC: fragments by
/// `FragmentWriter`, the init segment by `MP4InitSegment` once the first segment closed — the
/// bytes libavformat's mp4 muxer (`SegmentMuxer`) writes for the same packets, without loading
/// FFmpeg. Packets arrive as SegmentMuxer takes them (input time base 1/90000) and are timed the
/// way it hands them to the muxer: shifted, ADTS headers removed, audio rescaled to its sample
/// rate with rounding to nearest, damaged or non-increasing ones dropped.
final class FragmentedMP4Muxer: SegmentMuxing {
    private let formats: [MP4StreamFormat]
    private let label: String
    private let writer: FragmentWriter
    private var lastDTS: [Int64?]
    private var output: TSOutputFile?
    /// The init as built after the first segment, its avcC left out (`initSegment(parameterSets:)`).
    private var recipe: MP4InitSegment?
    private(set) var initSegment: Data?
    private(set) var lastFileSize: Int?
    private(set) var lastSpool: SegmentSpool?

    var writesStraightThrough: Bool { true }

    /// What the next segment's bytes depend on besides its packets: two muxers in the same state
    /// given the same packets write the same segment (and the same init).
    struct State: Equatable {
        var timeline: FragmentWriter.Timeline
        var lastDTS: [Int64?]
        var initSegment: Data?
        /// What the init is made of (the same whenever `initSegment` is).
        var recipe: MP4InitSegment?

        static func == (a: State, b: State) -> Bool {
            a.timeline == b.timeline && a.lastDTS == b.lastDTS && a.initSegment == b.initSegment
        }
    }

    var state: State { State(timeline: writer.timeline, lastDTS: lastDTS, initSegment: initSegment, recipe: recipe) }

    /// An overlay asset's segment that holds what a primary segment holds: its packets are kept,
    /// not written, until it ends (`endMirroring`).
    private var mirror: (path: String, held: [(packet: DemuxedPacket, output: Int, shift: Int64)])?
    var isMirroring: Bool { mirror != nil }

    /// Input time base of every stream (TS).
    private static let inputRate: Int64 = 90_000

    init(formats: [MP4StreamFormat], label: String) {
        self.formats = formats
        self.label = label
        writer = FragmentWriter(tracks: formats.enumerated().map { k, format in
            switch format.codec {
            case .h264(let sets, _, _, _, _):
                let payload = sets.withUnsafeBytes { FragmentTrack.payload(configuration: $0, hevc: false) }
                return FragmentTrack(id: UInt32(k + 1), kind: .video, payload: payload, frameDuration: 0)
            case .aac:
                return FragmentTrack(id: UInt32(k + 1), kind: .audio, payload: .raw, frameDuration: 1024)
            }
        })
        lastDTS = Array(repeating: nil, count: formats.count)
    }

    /// Starts a segment that mirrors a primary segment starting now in the state `leader`:
    /// this muxer takes that state over (its init segment too), and the segment's file will be
    /// the primary's if the two end together with the same packets.
    func beginMirroring(path: String, leader: State) {
        adopt(leader)
        mirror = (path, [])
    }

    /// Ends a mirrored segment: a hard link to (or, without links, a copy of) the primary's
    /// file when `leader` is that segment — then the muxer is in the state the primary is in
    /// after it — else the held packets are written as a segment of this muxer's own.
    func endMirroring(leader: (path: String, size: Int, state: State)?) throws -> Data {
        guard let (path, held) = mirror else { return try endSegment() }
        mirror = nil
        if let leader {
            unlink(path)
            if link(leader.path, path) == 0 || TSOutputFile.copyWhole(leader.path, to: path) {
                adopt(leader.state)
                (lastFileSize, lastSpool) = (leader.size, nil)
                return Data()
            }
        }
        try beginSegment(path: path, spool: nil)
        for (packet, output, shift) in held { try write(packet, output: output, shiftTicks: shift) }
        return try endSegment()
    }

    private func adopt(_ state: State) {
        writer.adopt(state.timeline)
        lastDTS = state.lastDTS
        initSegment = state.initSegment
        recipe = state.recipe
    }

    func beginSegment(path: String?, spool: SegmentSpool?) throws {
        if let path { output = try TSOutputFile(path: path) }
        else if let spool { output = TSOutputFile(spool: spool) }
        else { output = TSOutputFile(memoryLabel: label) }
    }

    @discardableResult
    func write(_ packet: DemuxedPacket, output index: Int, shiftTicks: Int64) throws -> Bool {
        guard index < formats.count else { return true }
        if mirror != nil {
            // Counted as a write would count it: refused only for a PTS before its DTS.
            mirror?.held.append((packet, index, shiftTicks))
            if let pts = packet.pts, let dts = packet.dts, pts < dts { return false }
            return true
        }
        let scale: Int64
        var audio = false
        switch formats[index].codec {
        case .h264: scale = Self.inputRate
        case .aac(_, let rate):
            scale = Int64(rate)
            audio = true
        }
        let rescale = { (t: Int64) in Self.rescale(t - shiftTicks, to: scale) }
        let pts = packet.pts.map(rescale)
        let dts = packet.dts.map(rescale)
        let duration = packet.duration > 0 ? Self.rescale(packet.duration, to: scale) : 0
        if let pts, let dts, pts < dts { return false }
        if let stamp = dts ?? pts {
            if let last = lastDTS[index], stamp <= last { return true }
            lastDTS[index] = stamp
        }
        let track = writer.tracks[index]
        do {
            if !audio, let deferred = packet.deferredBytes, track.takesPieces {
                try track.add(pieces: deferred.forEachPiece, pts: pts, dts: dts, duration: duration, key: packet.isKeyframe)
            } else {
                try packet.withUnsafeBytes { raw in
                    var bytes = raw
                    if audio, let header = ADTS.headerLength(bytes.bindMemory(to: UInt8.self)) {
                        bytes = UnsafeRawBufferPointer(rebasing: bytes[header...])
                    }
                    try track.add(bytes, pts: pts, dts: dts, duration: duration, key: packet.isKeyframe)
                }
            }
        } catch {
            throw VodError.output(path: label, reason: "a packet could not be written (\(error))")
        }
        return true
    }

    /// `t` of the 90 kHz input in `scale` ticks, rounded to nearest (halves away from zero), as
    /// av_rescale_q rounds.
    static func rescale(_ t: Int64, to scale: Int64) -> Int64 {
        guard scale != inputRate else { return t }
        let product = t.magnitude * UInt64(scale) + UInt64(inputRate / 2)
        let value = Int64(product / UInt64(inputRate))
        return t < 0 ? -value : value
    }

    func endSegment() throws -> Data {
        guard let out = output else { return Data() }
        output = nil
        let closed = writer.finish()
        if recipe == nil { recipe = firstFragmentRecipe() }
        if initSegment == nil { initSegment = initSegment(parameterSets: nil) }
        if closed { try writer.write(to: out) }
        let finished = out.handedOver
        (lastFileSize, lastSpool) = (finished.fileSize, finished.spool)
        return finished.bytes
    }

    /// What the moov says of each track, read off the first fragment as the muxer reads it
    /// when it writes the moov after that fragment (`delay_moov`).
    private func firstFragmentRecipe() -> MP4InitSegment {
        let tracks = zip(formats, writer.tracks).map { format, track -> MP4InitSegment.Track in
            let media: MP4InitSegment.Media
            let timescale: UInt32
            switch format.codec {
            case .h264(_, let width, let height, let aspect, let colour):
                media = .avc(configuration: [], width: width, height: height, pixelAspect: aspect, colour: colour)
                timescale = UInt32(Self.inputRate)
            case .aac(let config, let rate):
                media = .aac(audioSpecificConfig: config, sampleRate: rate)
                timescale = UInt32(rate)
            }
            var described = MP4InitSegment.Track(id: track.id, timescale: timescale, media: media)
            if let first = track.samples.first {
                described.first = (first.dts, first.cts)
                described.hasCompositionOffsets = track.hasCompositionOffsets
                described.firstFragmentBytes = track.byteCount
                described.firstFragmentDuration = track.trackDuration
            }
            return described
        }
        return MP4InitSegment(tracks: tracks)
    }

    /// The init segment with the video's avcC made of `parameterSets` (Annex B; nil: the
    /// source's, from the probe) — after a run whose splices re-encoded pictures, the source's
    /// and the re-encoder's, so one init describes every picture.
    func initSegment(parameterSets: [UInt8]?) -> Data? {
        guard var init_ = recipe else { return nil }
        for k in init_.tracks.indices {
            guard case .avc(_, let width, let height, let aspect, let colour) = init_.tracks[k].media,
                  case .h264(let source, _, _, _, _) = formats[k].codec,
                  let record = AVCConfiguration.record(annexB: parameterSets ?? source) else { continue }
            init_.tracks[k].media = .avc(configuration: record, width: width, height: height, pixelAspect: aspect, colour: colour)
        }
        return init_.bytes()
    }
}
