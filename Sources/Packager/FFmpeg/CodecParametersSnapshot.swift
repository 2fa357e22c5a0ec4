import CFFmpeg
import Foundation

/// Copies of the input streams' codec parameters and time bases, taken once the demuxer has
/// probed them. Muxers are built from these, so segmenting can run on another thread than the
/// demuxer without reading structures libavformat may still update.
final class CodecParametersSnapshot: @unchecked Sendable {
    private var parameters: [Int: UnsafeMutablePointer<AVCodecParameters>] = [:]
    private(set) var timeBases: [Int: AVRational] = [:]
    /// Video streams described without FFmpeg (pkgctl's own TS probe), by index.
    private(set) var outlines: [Int: VideoStreamOutline] = [:]
    /// Reads the parameters once something asks for them (a deferred snapshot: FFmpeg is opened
    /// only by a stage that needs it, a frame-accurate re-encode).
    private var pending: (() throws -> [Int: UnsafeMutablePointer<AVCodecParameters>])?
    private var pendingFailure: Error?
    /// Parameters that take over from an input PTS on (a stitched span encoded apart from the
    /// content), earliest first; a muxer made for media at a PTS uses the set in force there.
    private var later: [(fromTicks: Int64, snapshot: CodecParametersSnapshot)] = []
    private let lock = NSLock()

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

    /// Copies of `streams` keyed by the index the pipeline gives them (a source that renumbers
    /// streams and re-times packets itself says the time base its packets carry).
    init(streams: [(index: Int, stream: UnsafePointer<AVStream>)], timeBase: AVRational?, input: String) throws {
        for (index, st) in streams {
            guard let source = st.pointee.codecpar, let copy = avcodec_parameters_alloc() else {
                throw FFmpegError(operation: "snapshot stream \(index) of", input: input, code: pkgctl_averror(EINVAL))
            }
            parameters[index] = copy
            let copied = avcodec_parameters_copy(copy, source)
            guard copied >= 0 else { throw FFmpegError(operation: "copy codec parameters of", input: input, code: copied) }
            timeBases[index] = timeBase ?? st.pointee.time_base
        }
    }

    /// Streams known by their outlines now and by their codec parameters only when first asked
    /// for: `load` then reads them (keyed by the same indices) and is not called again.
    init(outlines: [Int: VideoStreamOutline], timeBases: [Int: AVRational],
         load: @escaping () throws -> [Int: UnsafeMutablePointer<AVCodecParameters>]) {
        self.outlines = outlines
        self.timeBases = timeBases
        pending = load
    }

    /// Whether the codec parameters are still to be read (nothing has needed them yet).
    var isDeferred: Bool { lock.withLock { pending != nil } }

    /// From `ticks` on, media has `snapshot`'s parameters.
    func add(_ snapshot: CodecParametersSnapshot, from ticks: Int64) {
        lock.withLock {
            later.append((ticks, snapshot))
            later.sort { $0.fromTicks < $1.fromTicks }
        }
    }

    /// The parameters of media at `ticks`.
    func inForce(at ticks: Int64) -> CodecParametersSnapshot {
        lock.withLock { later.last { $0.fromTicks <= ticks }?.snapshot ?? self }
    }

    func parameters(of index: Int) -> UnsafePointer<AVCodecParameters>? {
        try? loadedParameters(of: index)
    }

    /// The parameters of stream `index`, read now if the snapshot was deferred; throws what
    /// reading them failed with (again at every call).
    func loadedParameters(of index: Int) throws -> UnsafePointer<AVCodecParameters>? {
        try lock.withLock {
            if let load = pending {
                pending = nil
                do { parameters = try load() } catch { pendingFailure = error }
            }
            if let pendingFailure { throw pendingFailure }
            return parameters[index].map { UnsafePointer($0) }
        }
    }

    deinit {
        for (_, p) in parameters {
            var pointer: UnsafeMutablePointer<AVCodecParameters>? = p
            avcodec_parameters_free(&pointer)
        }
    }
}
