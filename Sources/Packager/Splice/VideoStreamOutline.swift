/// What the cutter knows of a video stream before FFmpeg is opened (pkgctl's own TS probe): enough
/// to read a window's pictures, plan a cut and make it without re-encoding, and to refuse a stream
/// that no encoder can match. The rest of `VideoSourceFormat` (pixel format, colour, SAR, scan)
/// is read from libavformat at the first re-encode.
struct VideoStreamOutline: Equatable, Sendable {
    var codec: SpliceCodec
    /// FFmpeg's profile number, as `VideoSourceFormat.profile`.
    var profile: Int
    /// chroma_format_idc (1: 4:2:0, 2: 4:2:2, 3: 4:4:4).
    var chromaFormat: Int
    var bitDepth: Int
    var timeBase: (num: Int32, den: Int32)
    /// Annex B parameter sets, as libavformat's extradata for a TS stream.
    var extradata: [UInt8]

    static func == (a: VideoStreamOutline, b: VideoStreamOutline) -> Bool {
        a.codec == b.codec && a.profile == b.profile && a.chromaFormat == b.chromaFormat && a.bitDepth == b.bitDepth
            && a.timeBase == b.timeBase && a.extradata == b.extradata
    }

    /// log2 of the chroma subsampling (x, y), as a pixel format descriptor gives it.
    var chromaSubsampling: (x: Int, y: Int) {
        switch chromaFormat {
        case 2: return (1, 0)
        case 3: return (0, 0)
        default: return (1, 1)
        }
    }
}
