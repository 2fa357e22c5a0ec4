import Foundation

/// What the stages need to know about an input's streams, taken once the demuxer probed them.
struct InputStreams {
    /// Every stream, as libavformat lists it.
    var all: [StreamInfo]
    /// One rendition per video stream, the first leading.
    var videos: [StreamInfo]
    var audio: [StreamInfo]
    /// Copies of the codec parameters of every video and audio stream, for the muxers.
    var parameters: CodecParametersSnapshot
    /// Per rendition: the CODECS of its variant (its video plus every audio stream), size, rate.
    var variants: [VariantDescription]
    var formatName: String
    var url: String
    var creationTime: Date?
    var chapters: [ChapterInfo]
    /// AVFormatContext.start_time in 90 kHz ticks.
    var startTicks: Int64?
    /// Warnings about the table: the streams left out of it, and why.
    var notes: [String] = []

    var audioIndices: [Int] { audio.map(\.index) }

    /// The rendition a video stream index leads, if it is one.
    func rendition(ofVideo index: Int) -> Int? { videos.firstIndex { $0.index == index } }
}

/// A variant stream as the multivariant playlist describes it.
struct VariantDescription: Equatable {
    var codecs: String
    var resolution: (width: Int, height: Int)?
    var frameRate: Double?

    static func == (a: VariantDescription, b: VariantDescription) -> Bool {
        a.codecs == b.codecs && a.resolution?.width == b.resolution?.width && a.resolution?.height == b.resolution?.height
            && a.frameRate == b.frameRate
    }
}
