import CFFmpeg

/// Copies of the input streams' codec parameters and time bases, taken once the demuxer has
/// probed them. Muxers are built from these, so segmenting can run on another thread than the
/// demuxer without reading structures libavformat may still update.
final class CodecParametersSnapshot: @unchecked Sendable {
    private var parameters: [Int: UnsafeMutablePointer<AVCodecParameters>] = [:]
    private(set) var timeBases: [Int: AVRational] = [:]

    init(demuxer: MediaDemuxer, streams: [Int]) throws {
        for index in streams {
            guard let st = demuxer.stream(at: index), let source = st.pointee.codecpar,
                  let copy = avcodec_parameters_alloc() else {
                throw FFmpegError(operation: "snapshot stream \(index) of", input: demuxer.url, code: pkgctl_averror(EINVAL))
            }
            parameters[index] = copy
            let copied = avcodec_parameters_copy(copy, source)
            guard copied >= 0 else { throw FFmpegError(operation: "copy codec parameters of", input: demuxer.url, code: copied) }
            timeBases[index] = st.pointee.time_base
        }
    }

    func parameters(of index: Int) -> UnsafePointer<AVCodecParameters>? {
        guard let p = parameters[index] else { return nil }
        return UnsafePointer(p)
    }

    deinit {
        for (_, p) in parameters {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = p
            avcodec_parameters_free(&pointer)
        }
    }
}
