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
    /// pkgctl's own reader, read instead of `inner` (which is then nil).
    private let source: LiveByteInput?
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    /// Set again when another reader takes the input over.
    var observer: Observer
    /// Bytes already read that the next reader must see first (served before `inner`).
    private var replay: [UInt8] = []
    private var replayed = 0
    /// Kept alive for as long as FFmpeg may call back into it.
    private let interrupt: InterruptFlag?
    let url: String

    private static let bufferSize: Int32 = 64 * 1024
    /// The input's size as libavformat's protocol knows it (a regular file; an HTTP download's
    /// Content-Length), or as pkgctl's own reader of a file does; nil for a stream. Asked once.
    private(set) lazy var fileSize: Int64? = {
        if let source { return source.fileSize }
        guard let inner else { return nil }
        let size = avio_size(inner)
        return size > 0 ? size : nil          // libavformat's file protocol says 0 for a FIFO
    }()

    init(url: String, options: [String: String] = [:], interrupt: InterruptFlag? = nil,
         observer: @escaping Observer) throws {
        self.observer = observer
        self.interrupt = interrupt
        self.url = url
        source = nil
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
        try makeContext()
    }

    /// Reads from pkgctl's own reader of the input (a file, pipe or UDP socket whose first bytes
    /// pkgctl probed, or a byte-level session read), for libavformat to demux what pkgctl does not
    /// cut itself.
    init(source: LiveByteInput, observer: @escaping Observer = { _ in }) throws {
        self.observer = observer
        self.source = source
        interrupt = nil
        url = source.url
        try makeContext()
    }

    private func makeContext() throws {
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

    /// The next reader sees `bytes` first, then the input again. What the previous demuxer left
    /// unread in the context's buffer (bytes from long before) is discarded: a new demuxer met
    /// the old programme's packets there first.
    func replayFirst(_ bytes: [UInt8]) {
        replay = bytes
        replayed = 0
        if let ctx = context {
            Self.empty(ctx)
            ctx.pointee.eof_reached = 0
            ctx.pointee.error = 0
            ctx.pointee.pos = 0
        }
    }

    private func read(into buf: UnsafeMutablePointer<UInt8>, size: Int32) -> Int32 {
        if replayed < replay.count {
            let n = min(Int(size), replay.count - replayed)
            replay.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { UnsafeMutableRawPointer(buf).copyMemory(from: base + replayed, byteCount: n) }
            }
            replayed += n
            if replayed == replay.count { replay = [] }
            observer(UnsafeRawBufferPointer(start: buf, count: n))
            return Int32(n)
        }
        if let source { return readSource(source, into: buf, size: size) }
        guard let inner else { return FFmpegError.eof }
        // Partial reads: a live input hands over whatever has arrived instead of waiting for a
        // full buffer (64 KB can be seconds of a low-rate feed, holding back cues and segments).
        let n = avio_read_partial(inner, buf, size)
        if n > 0 {
            observer(UnsafeRawBufferPointer(start: buf, count: Int(n)))
            return n
        }
        return n == 0 ? FFmpegError.eof : n
    }

    private func readSource(_ source: LiveByteInput, into buf: UnsafeMutablePointer<UInt8>, size: Int32) -> Int32 {
        do {
            let n = try source.read(into: UnsafeMutableRawBufferPointer(start: buf, count: Int(size)))
            guard n > 0 else { return FFmpegError.eof }
            observer(UnsafeRawBufferPointer(start: buf, count: n))
            return Int32(n)
        } catch LiveInputError.interrupted {
            return pkgctl_averror_exit()
        } catch LiveInputError.read(_, let code) {
            return pkgctl_averror(code)
        } catch {
            return pkgctl_averror(EIO)
        }
    }

    /// Gives back the context's buffer once no demuxer reads through it, keeping a fresh one of
    /// the first size for a reader that may take over later. The TS demuxer grows the buffer to
    /// its probe size for seeking back (`ffio_ensure_seekback`, 5 MB), and the probe's pages of
    /// it stayed resident for as long as a byte-level live session ran (0.35 MB of a channel).
    func shrinkBuffer() {
        guard let ctx = context, ctx.pointee.buffer_size > TeeIOContext.bufferSize,
              let fresh = av_malloc(Int(TeeIOContext.bufferSize))?.assumingMemoryBound(to: UInt8.self) else { return }
        withUnsafeMutablePointer(to: &ctx.pointee.buffer) { av_freep($0) }
        ctx.pointee.buffer = fresh
        ctx.pointee.buffer_size = TeeIOContext.bufferSize
        Self.empty(ctx)
    }

    /// Marks the context's buffer as holding nothing: the next read refills it from the start.
    private static func empty(_ ctx: UnsafeMutablePointer<AVIOContext>) {
        ctx.pointee.buf_ptr = ctx.pointee.buffer
        ctx.pointee.buf_end = ctx.pointee.buffer
        ctx.pointee.buf_ptr_max = ctx.pointee.buffer
    }

    /// Reads the next bytes of the input straight into `buffer`, past the demuxer and the
    /// observer: the byte-level live path reads this way once libavformat has probed the input.
    /// Returns the count read, 0 at the end of input.
    func readRaw(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let source { return try source.read(into: buffer) }
        guard let inner, let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let n = avio_read_partial(inner, base, Int32(clamping: buffer.count))
        if n > 0 { return Int(n) }
        if n == 0 || n == FFmpegError.eof { return 0 }
        throw FFmpegError(operation: "read", input: url, code: n)
    }

    deinit {
        if let ctx = context {
            withUnsafeMutablePointer(to: &ctx.pointee.buffer) { av_freep($0) }
            avio_context_free(&context)
        }
        avio_closep(&inner)
    }
}
