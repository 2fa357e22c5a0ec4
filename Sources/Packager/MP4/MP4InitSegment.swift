import Foundation

/// An fMP4 init segment (ftyp + moov) for H.264 and AAC tracks, laid out box for box as
/// libavformat 5.1's mp4 muxer lays out its own with `frag_custom+delay_moov+default_base_moof`
/// (the muxer pkgctl used before, whose inits hls.js, Shaka and AVFoundation have played): the
/// same boxes in the same order with the same fields, so a player sees no difference but the
/// encoder tag. Written from what pkgctl's TS probe and the first fragment know, so an fMP4
/// output of a TS file needs no FFmpeg (`FragmentedMP4Muxer`).
struct MP4InitSegment {
    enum Media {
        /// `configuration`: the avcC payload (`AVCConfiguration`); sizes from the SPS;
        /// `pixelAspect`: the VUI sample aspect ratio, when the SPS gives one (a `pasp` box).
        case avc(configuration: [UInt8], width: Int, height: Int, pixelAspect: (UInt32, UInt32)?, colour: MP4Colour?)
        /// `audioSpecificConfig`: the 2-byte MPEG-4 AudioSpecificConfig.
        case aac(audioSpecificConfig: [UInt8], sampleRate: Int)
    }

    struct Track {
        var id: UInt32
        var timescale: UInt32
        var media: Media
        /// The first sample's decode time and composition offset (track time scale); nil when
        /// the first fragment had no sample of this track.
        var first: (dts: Int64, cts: Int64)?
        /// Whether any sample of the first fragment had a composition offset.
        var hasCompositionOffsets = false
        /// The first fragment's sample bytes and duration (track time scale): the esds and btrt
        /// bit rate, as the muxer measures it when it writes the moov after that fragment.
        var firstFragmentBytes = 0
        var firstFragmentDuration: Int64 = 0

        var averageBitRate: UInt32 {
            guard firstFragmentDuration > 0 else { return 0 }
            return UInt32(truncatingIfNeeded: UInt64(firstFragmentBytes) * 8 * UInt64(timescale) / UInt64(firstFragmentDuration))
        }
    }

    var tracks: [Track]
    /// The ©too (encoder) string in the moov's metadata: who wrote it (not Lavf).
    static let encoder = "pkgctl"

    /// The movie time scale (mvhd, edit lists), the muxer's MOV_TIMESCALE.
    static let movieTimescale: Int64 = 1000

    func bytes() -> Data {
        let out = ByteBuffer(capacity: 2048)
        writeFileType(out)
        let moov = out.beginBox("moov")
        writeMovieHeader(out)
        for track in tracks { writeTrack(track, to: out) }
        let mvex = out.beginBox("mvex")
        for track in tracks {
            let trex = out.beginBox("trex")
            out.appendUInt32(0)
            out.appendUInt32(track.id)
            out.appendUInt32(1)                   // default sample description index
            out.appendZeros(12)                   // default duration, size, flags
            out.endBox(trex)
        }
        out.endBox(mvex)
        writeMetadata(out)
        out.endBox(moov)
        return Data(out.bytes)
    }

    private func writeFileType(_ out: ByteBuffer) {
        let ftyp = out.beginBox("ftyp")
        out.appendType("iso5")
        out.appendUInt32(512)
        out.appendType("iso5")
        out.appendType("iso6")
        out.appendType("mp41")
        out.endBox(ftyp)
    }

    private static let unityMatrix: [UInt32] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000]

    private func writeMovieHeader(_ out: ByteBuffer) {
        let mvhd = out.beginBox("mvhd")
        out.appendUInt32(0)                       // version 0, flags
        out.appendZeros(8)                        // creation, modification
        out.appendUInt32(UInt32(Self.movieTimescale))
        out.appendUInt32(0)                       // duration: fragments follow
        out.appendUInt32(0x0001_0000)             // rate 1.0
        out.appendUInt16(0x0100)                  // volume 1.0
        out.appendZeros(10)
        for value in Self.unityMatrix { out.appendUInt32(value) }
        out.appendZeros(24)                       // pre_defined
        out.appendUInt32(UInt32(tracks.count + 1))   // next track ID
        out.endBox(mvhd)
    }

    private func writeTrack(_ track: Track, to out: ByteBuffer) {
        let trak = out.beginBox("trak")
        writeTrackHeader(track, to: out)
        // An edit list where the first sample does not start the time line at 0, or pictures
        // are reordered (the muxer's condition).
        if let first = track.first, first.dts != 0 || track.hasCompositionOffsets {
            writeEditList(first: first, timescale: Int64(track.timescale), to: out)
        }
        let mdia = out.beginBox("mdia")
        let mdhd = out.beginBox("mdhd")
        out.appendUInt32(0)
        out.appendZeros(8)
        out.appendUInt32(track.timescale)
        out.appendUInt32(0)
        out.appendUInt16(0x55C4)                  // language "und"
        out.appendUInt16(0)
        out.endBox(mdhd)
        let isVideo: Bool
        if case .avc = track.media { isVideo = true } else { isVideo = false }
        let hdlr = out.beginBox("hdlr")
        out.appendUInt32(0)
        out.appendUInt32(0)
        if isVideo { out.appendType("vide") } else { out.appendType("soun") }
        out.appendZeros(12)
        out.append(Array((isVideo ? "VideoHandler" : "SoundHandler").utf8) + [0])
        out.endBox(hdlr)
        let minf = out.beginBox("minf")
        if isVideo {
            let vmhd = out.beginBox("vmhd")
            out.appendUInt32(1)                   // version 0, flags 1
            out.appendZeros(8)                    // graphics mode, opcolor
            out.endBox(vmhd)
        } else {
            let smhd = out.beginBox("smhd")
            out.appendUInt32(0)
            out.appendZeros(4)                    // balance, reserved
            out.endBox(smhd)
        }
        let dinf = out.beginBox("dinf")
        let dref = out.beginBox("dref")
        out.appendUInt32(0)
        out.appendUInt32(1)
        let url = out.beginBox("url ")
        out.appendUInt32(1)                       // self-contained
        out.endBox(url)
        out.endBox(dref)
        out.endBox(dinf)
        writeSampleTable(track, to: out)
        out.endBox(minf)
        out.endBox(mdia)
        out.endBox(trak)
    }

    private func writeTrackHeader(_ track: Track, to out: ByteBuffer) {
        let tkhd = out.beginBox("tkhd")
        out.appendUInt32(3)                       // version 0, enabled + in movie
        out.appendZeros(8)
        out.appendUInt32(track.id)
        out.appendUInt32(0)
        out.appendUInt32(0)                       // duration: fragments follow
        out.appendZeros(8)
        out.appendUInt16(0)                       // layer
        switch track.media {
        case .avc(_, let width, let height, _, _):
            out.appendUInt16(0)                   // alternate group
            out.appendUInt16(0)                   // volume
            out.appendUInt16(0)
            for value in Self.unityMatrix { out.appendUInt32(value) }
            out.appendUInt32(UInt32(width) << 16)
            out.appendUInt32(UInt32(height) << 16)
        case .aac:
            out.appendUInt16(1)
            out.appendUInt16(0x0100)
            out.appendUInt16(0)
            for value in Self.unityMatrix { out.appendUInt32(value) }
            out.appendZeros(8)
        }
        out.endBox(tkhd)
    }

    /// Presentation starts at the first sample's PTS: an empty edit of that long (movie time,
    /// rounded down), then the media from its first composition offset; with fragments the
    /// media edit's duration is 0 (to the end, however long that turns out).
    private func writeEditList(first: (dts: Int64, cts: Int64), timescale: Int64, to out: ByteBuffer) {
        let delay = Self.floorDivide((first.dts + first.cts) * Self.movieTimescale, timescale)
        let startCT = delay > 0 ? first.cts : -min(first.dts, 0)
        let wide = delay >= Int64(Int32.max) || startCT > Int64(Int32.max) || startCT < Int64(Int32.min)
        let edts = out.beginBox("edts")
        let elst = out.beginBox("elst")
        out.appendUInt32(wide ? 0x0100_0000 : 0)
        out.appendUInt32(delay > 0 ? 2 : 1)
        let entry = { (duration: Int64, time: Int64) in
            if wide {
                out.appendUInt64(UInt64(bitPattern: duration))
                out.appendUInt64(UInt64(bitPattern: time))
            } else {
                out.appendUInt32(UInt32(truncatingIfNeeded: duration))
                out.appendUInt32(UInt32(truncatingIfNeeded: time))
            }
            out.appendUInt32(0x0001_0000)         // rate 1.0
        }
        if delay > 0 { entry(delay, -1) }
        entry(0, startCT)
        out.endBox(elst)
        out.endBox(edts)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b != 0 && (a < 0) != (b < 0) ? q - 1 : q
    }

    private func writeSampleTable(_ track: Track, to out: ByteBuffer) {
        let stbl = out.beginBox("stbl")
        let stsd = out.beginBox("stsd")
        out.appendUInt32(0)
        out.appendUInt32(1)
        switch track.media {
        case .avc(let configuration, let width, let height, let pixelAspect, let colour):
            let avc1 = out.beginBox("avc1")
            out.appendZeros(6)
            out.appendUInt16(1)                   // data reference index
            out.appendZeros(16)                   // version, revision, vendor, qualities
            out.appendUInt16(UInt16(truncatingIfNeeded: width))
            out.appendUInt16(UInt16(truncatingIfNeeded: height))
            out.appendUInt32(0x0048_0000)         // 72 dpi
            out.appendUInt32(0x0048_0000)
            out.appendUInt32(0)
            out.appendUInt16(1)                   // frame count
            out.appendZeros(32)                   // compressor name (none)
            out.appendUInt16(0x18)                // depth
            out.appendUInt16(0xFFFF)
            let avcC = out.beginBox("avcC")
            out.append(configuration)
            out.endBox(avcC)
            if let colour {
                let colr = out.beginBox("colr")
                out.appendType("nclx")
                out.appendUInt16(colour.primaries)
                out.appendUInt16(colour.transfer)
                out.appendUInt16(colour.matrix)
                out.appendUInt8(colour.fullRange ? 0x80 : 0)
                out.endBox(colr)
            }
            if let (h, v) = pixelAspect {
                let pasp = out.beginBox("pasp")
                out.appendUInt32(h)
                out.appendUInt32(v)
                out.endBox(pasp)
            }
            out.endBox(avc1)
        case .aac(let config, let sampleRate):
            let mp4a = out.beginBox("mp4a")
            out.appendZeros(6)
            out.appendUInt16(1)
            out.appendZeros(8)                    // version, revision, vendor
            out.appendUInt16(2)                   // channel count: 2 in MP4, the config says
            out.appendUInt16(16)
            out.appendZeros(4)                    // compression id, packet size
            out.appendUInt16(sampleRate <= Int(UInt16.max) ? UInt16(sampleRate) : 0)
            out.appendUInt16(0)
            writeElementaryStreamDescriptor(track, config: config, to: out)
            let rate = track.averageBitRate
            if rate > 0 {
                let btrt = out.beginBox("btrt")
                out.appendUInt32(0)               // buffer size
                out.appendUInt32(rate)            // max: the measured average, as the muxer's
                out.appendUInt32(rate)
                out.endBox(btrt)
            }
            out.endBox(mp4a)
        }
        out.endBox(stsd)
        for type in ["stts", "stsc"] as [StaticString] {
            let box = out.beginBox(type)
            out.appendZeros(8)
            out.endBox(box)
        }
        let stsz = out.beginBox("stsz")
        out.appendZeros(12)
        out.endBox(stsz)
        let stco = out.beginBox("stco")
        out.appendZeros(8)
        out.endBox(stco)
        out.endBox(stbl)
    }

    /// esds (ISO/IEC 14496-1 descriptors, sizes in the 4-byte form the muxer writes).
    private func writeElementaryStreamDescriptor(_ track: Track, config: [UInt8], to out: ByteBuffer) {
        let descriptor = { (tag: UInt8, size: Int) in
            out.appendUInt8(tag)
            out.append([0x80, 0x80, 0x80, UInt8(size & 0x7F)])
        }
        let esds = out.beginBox("esds")
        out.appendUInt32(0)
        let specific = config.isEmpty ? 0 : 5 + config.count
        descriptor(0x03, 3 + 5 + 13 + specific + 5 + 1)
        out.appendUInt16(UInt16(truncatingIfNeeded: track.id))
        out.appendUInt8(0)
        descriptor(0x04, 13 + specific)
        out.appendUInt8(0x40)                     // MPEG-4 audio
        out.appendUInt8(0x15)                     // audio stream
        out.appendUInt24(0)                       // buffer size
        out.appendUInt32(track.averageBitRate)    // max bit rate (see btrt)
        out.appendUInt32(track.averageBitRate)
        if !config.isEmpty {
            descriptor(0x05, config.count)
            out.append(config)
        }
        descriptor(0x06, 1)
        out.appendUInt8(0x02)
        out.endBox(esds)
    }

    /// udta/meta/ilst with the encoder tag, as the muxer writes its own.
    private func writeMetadata(_ out: ByteBuffer) {
        let udta = out.beginBox("udta")
        let meta = out.beginBox("meta")
        out.appendUInt32(0)
        let hdlr = out.beginBox("hdlr")
        out.appendUInt32(0)
        out.appendUInt32(0)
        out.appendType("mdir")
        out.appendType("appl")
        out.appendZeros(9)
        out.endBox(hdlr)
        let ilst = out.beginBox("ilst")
        let too = out.count
        out.appendUInt32(0)
        out.append([0xA9, 0x74, 0x6F, 0x6F])      // ©too
        let data = out.beginBox("data")
        out.appendUInt32(1)                       // UTF-8
        out.appendUInt32(0)
        out.append(Array(Self.encoder.utf8))
        out.endBox(data)
        out.endBox(too)
        out.endBox(ilst)
        out.endBox(meta)
        out.endBox(udta)
    }
}

/// The avcC payload (ISO/IEC 14496-15 AVCDecoderConfigurationRecord) of Annex B parameter sets,
/// as libavformat's `ff_isom_write_avcc` builds it: the NAL units split as the mp4 muxer splits
/// samples, every SPS and PPS in stream order, 4-byte lengths, and for profiles other than
/// Baseline, Main and Extended the first SPS's chroma format and bit depths.
enum AVCConfiguration {
    static func record(annexB: [UInt8]) -> [UInt8]? {
        let units = lengthPrefixedUnits(annexB)
        let sps = units.filter { ($0.first ?? 0) & 0x1F == 7 }
        let pps = units.filter { ($0.first ?? 0) & 0x1F == 8 }
        let extensions = units.filter { ($0.first ?? 0) & 0x1F == 13 }
        guard let first = sps.first, first.count >= 4, !pps.isEmpty, sps.count < 32, pps.count < 256, extensions.count < 256,
              (sps + pps + extensions).allSatisfy({ $0.count <= Int(UInt16.max) }) else { return nil }
        var out: [UInt8] = [1, first[1], first[2], first[3], 0xFF, 0xE0 | UInt8(sps.count)]
        for unit in sps { out += sized(unit) }
        out.append(UInt8(pps.count))
        for unit in pps { out += sized(unit) }
        if ![66, 77, 88].contains(first[1]) {
            guard let parsed = try? H264SequenceParameters(first) else { return nil }
            out += [0xFC | UInt8(parsed.chromaFormat & 3), 0xF8 | UInt8((parsed.bitDepthLuma - 8) & 7),
                    0xF8 | UInt8((parsed.bitDepthChroma - 8) & 7), UInt8(extensions.count)]
            for unit in extensions { out += sized(unit) }
        }
        return out
    }

    private static func sized(_ unit: [UInt8]) -> [UInt8] {
        [UInt8(unit.count >> 8), UInt8(unit.count & 0xFF)] + unit
    }

    /// The NAL units exactly where the mp4 muxer's splitter puts their bounds.
    private static func lengthPrefixedUnits(_ annexB: [UInt8]) -> [[UInt8]] {
        let buffer = ByteBuffer(capacity: annexB.count + 64)
        annexB.withUnsafeBytes { _ = AnnexBToLengthPrefixed.append($0, to: buffer) }
        let bytes = buffer.bytes
        var units: [[UInt8]] = []
        var at = 0
        while at + 4 <= bytes.count {
            let size = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            at += 4
            guard size <= bytes.count - at else { break }
            units.append(Array(bytes[at..<(at + size)]))
            at += size
        }
        return units
    }
}
