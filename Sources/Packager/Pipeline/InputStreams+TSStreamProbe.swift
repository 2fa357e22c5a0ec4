import CFFmpeg
import Foundation

extension InputStreams {
    /// The stream table of a TS file as pkgctl's own probe read it, numbered and named as
    /// libavformat does. Its codec parameters are read from libavformat only if a stage asks for
    /// them (a frame-accurate re-encode), by PID, so the two probes' numbering cannot mix.
    init(probe: TSStreamProbe, path: String) {
        var all: [StreamInfo] = []
        var outlines: [Int: VideoStreamOutline] = [:]
        var descriptions: [Int: CodecDescription] = [:]
        var frameRates: [Int: Double] = [:]
        for (index, stream) in probe.streams.enumerated() {
            var info = StreamInfo(index: index, id: stream.pid, kind: .data, codecName: "scte_35", isSCTE35: true,
                                  timeBase: (1, 90_000), width: 0, height: 0)
            switch stream.content {
            case .video(let video):
                info.kind = .video
                let outline = video.outline
                info.codecName = outline.codec.rawValue
                info.isSCTE35 = false
                (info.width, info.height) = (video.width, video.height)
                info.hasExtradata = !outline.extradata.isEmpty
                outlines[index] = outline
                descriptions[index] = CodecDescription(codecName: outline.codec.rawValue, profile: outline.profile, level: video.level,
                                                       extradata: outline.extradata, width: video.width, height: video.height)
                frameRates[index] = Double(video.frameRate.num) / Double(video.frameRate.den)
            case .audio(let audio):
                info.kind = .audio
                info.codecName = "aac"
                info.isSCTE35 = false
                info.frameDuration = 1024 * 90_000 / Int64(audio.sampleRate)
                descriptions[index] = CodecDescription(codecName: "aac", profile: audio.objectType - 1, sampleRate: audio.sampleRate,
                                                       channels: audio.channels)
            case .scte35:
                break
            }
            all.append(info)
        }
        let videos = all.filter { $0.kind == .video }
        let audio = all.filter { $0.kind == .audio }
        let wanted = (videos + audio).map { ($0.index, $0.id) }
        let timeBases = Dictionary(uniqueKeysWithValues: wanted.map { ($0.0, AVRational(num: 1, den: 90_000)) })
        self.init(all: all, videos: videos, audio: audio,
                  parameters: CodecParametersSnapshot(outlines: outlines, timeBases: timeBases) {
                      try Self.libavformatParameters(path: path, wanted: wanted)
                  },
                  variants: videos.map { video in
                      VariantDescription(codecs: CodecString.list(([video] + audio).compactMap { descriptions[$0.index] }),
                                         resolution: video.width > 0 ? (video.width, video.height) : nil,
                                         frameRate: frameRates[video.index])
                  },
                  formatName: "mpegts", url: path, creationTime: nil, chapters: [], startTicks: probe.startTicks)
    }

    /// Codec parameters of `wanted` (index, PID) read by libavformat's probe of the same file.
    private static func libavformatParameters(path: String,
                                              wanted: [(index: Int, pid: Int)]) throws -> [Int: UnsafeMutablePointer<AVCodecParameters>] {
        let demuxer = try MediaDemuxer(url: path)
        var out: [Int: UnsafeMutablePointer<AVCodecParameters>] = [:]
        do {
            for (index, pid) in wanted {
                guard let found = demuxer.streams.first(where: { $0.id == pid && $0.kind != .data }),
                      let source = demuxer.stream(at: found.index)?.pointee.codecpar, let copy = avcodec_parameters_alloc() else {
                    throw FFmpegError(operation: "find PID \(pid) again in", input: path, code: pkgctl_averror(EINVAL))
                }
                out[index] = copy
                let copied = avcodec_parameters_copy(copy, source)
                guard copied >= 0 else { throw FFmpegError(operation: "copy codec parameters of", input: path, code: copied) }
            }
        } catch {
            for (_, p) in out {
                var pointer: UnsafeMutablePointer<AVCodecParameters>? = p
                avcodec_parameters_free(&pointer)
            }
            throw error
        }
        return out
    }
}
