import Foundation

/// What pkgctl's own fMP4 muxer needs of one input stream, read by its TS probe.
struct MP4StreamFormat {
    enum Codec {
        /// Annex B SPS/PPS (the probe's extradata), the cropped size, the VUI sample aspect ratio
        /// when it has one, and its colour description when all three values are given.
        case h264(parameterSets: [UInt8], width: Int, height: Int, pixelAspect: (UInt32, UInt32)?, colour: MP4Colour?)
        case aac(audioSpecificConfig: [UInt8], sampleRate: Int)
    }

    var codec: Codec

    /// The formats of a probed TS file's video and audio streams by libavformat's stream index,
    /// or nil when a stream needs what only libavformat's muxer writes: HEVC (hvcC), a sample
    /// aspect ratio other than square.
    static func formats(of probe: TSStreamProbe) -> [Int: MP4StreamFormat]? {
        var out: [Int: MP4StreamFormat] = [:]
        for (index, stream) in probe.streams.enumerated() {
            switch stream.content {
            case .video(let video):
                guard video.outline.codec == .h264, let format = h264(video) else { return nil }
                out[index] = format
            case .audio(let audio):
                guard let config = ADTS.audioSpecificConfig(profile: audio.objectType - 1, sampleRate: audio.sampleRate,
                                                            channels: audio.channels) else { return nil }
                out[index] = MP4StreamFormat(codec: .aac(audioSpecificConfig: config, sampleRate: audio.sampleRate))
            case .scte35:
                continue
            }
        }
        return out
    }

    private static func h264(_ video: TSStreamProbe.Video) -> MP4StreamFormat? {
        let extradata = video.outline.extradata
        guard AVCConfiguration.record(annexB: extradata) != nil,
              let sps = NALUnits.split(annexB: extradata).first(where: { ($0.first ?? 0) & 0x1F == 7 }),
              let parsed = try? H264SequenceParameters(Array(sps)), let picture = parsed.picture else { return nil }
        // libavformat's muxer writes colr only when none of the three is 2 (unspecified).
        let colour = picture.colour.flatMap { c in
            [c.primaries, c.transfer, c.matrix].contains(2) ? nil
                : MP4Colour(primaries: UInt16(c.primaries), transfer: UInt16(c.transfer), matrix: UInt16(c.matrix),
                            fullRange: picture.fullRange)
        }
        let aspect: (UInt32, UInt32)?
        switch picture.aspectRatioIDC {
        case 0: aspect = nil                         // unspecified: libavformat's 0/1, no pasp
        case 1: aspect = (1, 1)
        case 255 where picture.extendedSAR.map({ $0.width == $0.height && $0.width > 0 }) == true: aspect = (1, 1)
        default: return nil
        }
        return MP4StreamFormat(codec: .h264(parameterSets: extradata, width: video.width, height: video.height,
                                            pixelAspect: aspect, colour: colour))
    }
}

/// An ISO/IEC 23091-2 colour description as the `colr` box of type `nclx` carries it: the VUI's
/// values as they are, and the full-range flag.
struct MP4Colour: Equatable {
    var primaries: UInt16
    var transfer: UInt16
    var matrix: UInt16
    var fullRange: Bool
}
