import CFFmpeg

/// An AVIOContext that reads from an FFmpeg protocol (file, udp, srt, pipe, http…) and hands
/// every byte it reads, in order and exactly once, to an observer before the demuxer sees it.
///
/// This is the "one read of the input feeds both" arrangement: libavformat demuxes while the
/// TS section scanner sees the same bytes. The context is deliberately not seekable, so
/// libavformat never re-reads or jumps (its end-of-file duration probe for TS seeks), which
/// keeps the observer's view a faithful copy of the stream.
final class TeeIOContext {
    typealias Observer = (UnsafeRawBufferPointer) -> Void

    private var inner: UnsafeMutablePointer<AVIOContext>?
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private let observer: Observer
    /// Kept alive for as long as FFmpeg may call back into it.
    private let interrupt: InterruptFlag?
    private(set) var bytesRead: Int64 = 0

    private static let bufferSize: Int32 = 64 * 1024

    init(url: String, options: [String: String] = [:], interrupt: InterruptFlag? = nil,
         observer: @escaping Observer) throws {
        self.observer = observer
        self.interrupt = interrupt
        var dict: OpaquePointer?
        for (k, v) in options { av_dict_set(&dict, k, v, 0) }
        defer { av_dict_free(&dict) }
        let opened: Int32
        if var callback = interrupt?.callback {
            opened = avio_open2(&inner, url, AVIO_FLAG_READ, &callback, &dict)
        } else {
            opened = avio_open2(&inner, url, AVIO_FLAG_READ, nil, &dict)
        }
        guard opened >= 0 else { throw FFmpegError(operation: "open", input: url, code: opened) }
        guard let buffer = av_malloc(Int(TeeIOContext.bufferSize))?.assumingMemoryBound(to: UInt8.self) else {
            avio_closep(&inner)
            throw FFmpegError(operation: "allocate a read buffer for", input: url, code: pkgctl_averror(ENOMEM))
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(buffer, TeeIOContext.bufferSize, 0, opaque, { opaque, buf, size in
            guard let opaque, let buf else { return pkgctl_averror(EINVAL) }
            return Unmanaged<TeeIOContext>.fromOpaque(opaque).takeUnretainedValue().read(into: buf, size: size)
        }, nil, nil)
        guard context != nil else {
            av_free(buffer)
            avio_closep(&inner)
            throw FFmpegError(operation: "allocate an I/O context for", input: url, code: pkgctl_averror(ENOMEM))
        }
    }

    private func read(into buf: UnsafeMutablePointer<UInt8>, size: Int32) -> Int32 {
        guard let inner else { return FFmpegError.eof }
        // Partial reads: a live input hands over whatever has arrived instead of waiting for a
        // full buffer (64 KB can be seconds of a low-rate feed, holding back cues and segments).
        let n = avio_read_partial(inner, buf, size)
        if n > 0 {
            bytesRead += Int64(n)
            observer(UnsafeRawBufferPointer(start: buf, count: Int(n)))
            return n
        }
        return n == 0 ? FFmpegError.eof : n
    }

    deinit {
        if let ctx = context {
            withUnsafeMutablePointer(to: &ctx.pointee.buffer) { av_freep($0) }
            avio_context_free(&context)
        }
        avio_closep(&inner)
    }
}
