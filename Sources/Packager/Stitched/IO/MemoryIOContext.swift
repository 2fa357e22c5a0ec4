import CFFmpeg
import Foundation

/// An AVIOContext over bytes already in memory (a fetched, decrypted segment with its init
/// segment in front), seekable, so libavformat demuxes it as it would a file.
final class MemoryIOContext {
    private let bytes: Data
    private var position = 0
    private(set) var context: UnsafeMutablePointer<AVIOContext>?
    private static let bufferSize: Int32 = 32 * 1024

    init(_ bytes: Data, name: String) throws {
        self.bytes = bytes
        guard let buffer = av_malloc(Int(Self.bufferSize))?.assumingMemoryBound(to: UInt8.self) else {
            throw FFmpegError(operation: "allocate a read buffer for", input: name, code: pkgctl_averror(ENOMEM))
        }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        context = avio_alloc_context(buffer, Self.bufferSize, 0, opaque, { opaque, buf, size in
            guard let opaque, let buf else { return pkgctl_averror(EINVAL) }
            return Unmanaged<MemoryIOContext>.fromOpaque(opaque).takeUnretainedValue().read(into: buf, size: Int(size))
        }, nil, { opaque, offset, whence in
            guard let opaque else { return Int64(pkgctl_averror(EINVAL)) }
            return Unmanaged<MemoryIOContext>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
        })
        guard context != nil else {
            av_free(buffer)
            throw FFmpegError(operation: "allocate an I/O context for", input: name, code: pkgctl_averror(ENOMEM))
        }
    }

    private func read(into buf: UnsafeMutablePointer<UInt8>, size: Int) -> Int32 {
        let n = min(size, bytes.count - position)
        guard n > 0 else { return FFmpegError.eof }
        let copied = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
            buf.update(from: base + position, count: n)
            return true
        }
        guard copied else { return FFmpegError.eof }
        position += n
        return Int32(n)
    }

    private func seek(_ offset: Int64, whence: Int32) -> Int64 {
        let mode = whence & ~Int32(AVSEEK_FORCE)
        if mode == AVSEEK_SIZE { return Int64(bytes.count) }
        let base: Int64
        switch mode {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(position)
        case SEEK_END: base = Int64(bytes.count)
        default: return Int64(pkgctl_averror(EINVAL))
        }
        let target = base + offset
        guard target >= 0, target <= Int64(bytes.count) else { return Int64(pkgctl_averror(EINVAL)) }
        position = Int(target)
        return target
    }

    deinit {
        if let ctx = context {
            withUnsafeMutablePointer(to: &ctx.pointee.buffer) { av_freep($0) }
            avio_context_free(&context)
        }
    }
}
