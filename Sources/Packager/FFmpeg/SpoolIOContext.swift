import CFFmpeg
import Foundation

/// An AVIOContext writing into a `SegmentSpool` through a small buffer, so a muxer's output goes
/// to the page cache in pieces that are still in the CPU's caches.
///
/// Seekable like the in-memory buffer it stands in for, so a muxer behaves (and writes the same
/// bytes) either way. AVSEEK_SIZE answers with the spool's size.
final class SpoolIOContext {
    let spool: SegmentSpool
    private(set) var context: UnsafeMutablePointer<AVIOContext>?

    /// 64 KB: a few dozen write()s per 3 MB segment, each well inside the L2 cache.
    private static let bufferSize: Int32 = 64 * 1024

    init(spool: SegmentSpool, label: String) throws {
        self.spool = spool
        guard let buffer = av_malloc(Int(Self.bufferSize))?.assumingMemoryBound(to: UInt8.self) else {
            throw FFmpegError(operation: "allocate a write buffer for", input: label, code: pkgctl_averror(ENOMEM))
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(buffer, Self.bufferSize, 1, opaque, nil, { opaque, buf, size in
            guard let opaque, let buf, size >= 0 else { return pkgctl_averror(EINVAL) }
            let me = Unmanaged<SpoolIOContext>.fromOpaque(opaque).takeUnretainedValue()
            me.spool.write(UnsafeRawBufferPointer(start: buf, count: Int(size)))
            return size
        }, { opaque, offset, whence in
            guard let opaque else { return Int64(pkgctl_averror(EINVAL)) }
            let spool = Unmanaged<SpoolIOContext>.fromOpaque(opaque).takeUnretainedValue().spool
            if whence & AVSEEK_SIZE != 0 { return Int64(spool.size) }
            let moved = spool.seek(Int(offset), whence: whence & ~AVSEEK_FORCE)
            return moved < 0 ? Int64(pkgctl_averror(EINVAL)) : Int64(moved)
        })
        guard context != nil else {
            av_free(buffer)
            throw FFmpegError(operation: "allocate an I/O context for", input: label, code: pkgctl_averror(ENOMEM))
        }
    }

    deinit {
        if let ctx = context {
            withUnsafeMutablePointer(to: &ctx.pointee.buffer) { av_freep($0) }
            avio_context_free(&context)
        }
    }
}
