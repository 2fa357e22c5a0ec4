/// What the re-encoder must match of a source video stream, as plain values copied from its
/// codec parameters (pixel format and colour fields keep FFmpeg's enum numbers, opaque here).
struct VideoSourceFormat: Equatable, Sendable {
    enum Scan: Equatable, Sendable { case progressive, topFieldFirst, bottomFieldFirst }

    var codec: SpliceCodec
    /// FFmpeg's profile number (FF_PROFILE_H264_* / FF_PROFILE_HEVC_*), -99 when unknown.
    var profile: Int
    /// H.264 level_idc (31 = 3.1); HEVC general_level_idc (30 × level: 93 = 3.1). ≤ 0 when unknown.
    var level: Int
    var highTier: Bool
    var width: Int
    var height: Int
    var pixelFormat: Int32
    var pixelFormatName: String
    var bitDepth: Int
    var chromaSubsampling: (x: Int, y: Int)
    var sampleAspectRatio: (num: Int32, den: Int32)
    var colorRange: Int32
    var colorPrimaries: Int32
    var colorTransfer: Int32
    var colorSpace: Int32
    var chromaLocation: Int32
    var scan: Scan
    var timeBase: (num: Int32, den: Int32)
    var extradata: [UInt8]

    static func == (a: VideoSourceFormat, b: VideoSourceFormat) -> Bool {
        a.codec == b.codec && a.profile == b.profile && a.level == b.level && a.highTier == b.highTier
            && a.width == b.width && a.height == b.height && a.pixelFormat == b.pixelFormat
            && a.bitDepth == b.bitDepth && a.chromaSubsampling == b.chromaSubsampling
            && a.sampleAspectRatio == b.sampleAspectRatio && a.colorRange == b.colorRange
            && a.colorPrimaries == b.colorPrimaries && a.colorTransfer == b.colorTransfer
            && a.colorSpace == b.colorSpace && a.chromaLocation == b.chromaLocation && a.scan == b.scan
            && a.timeBase == b.timeBase && a.extradata == b.extradata
    }
}
