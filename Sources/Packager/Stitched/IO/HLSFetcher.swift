import CFFmpeg
import Foundation

/// Reads playlists, segments, maps and keys — local files or http(s) — through libavformat's
/// own protocols (avio), whole or as a byte range. A short read is an error naming what came
/// back: a truncated segment must never pass as a short one.
final class HLSFetcher {
    private let interrupt: InterruptFlag?
    private let options: [String: String]

    init(interrupt: InterruptFlag? = nil, options: [String: String] = [:]) {
        self.interrupt = interrupt
        self.options = options
    }

    /// The name avio opens: a path for file URLs, the URL itself otherwise.
    static func location(_ url: URL) -> String { url.isFileURL ? url.path : url.absoluteString }

    /// At most `count` bytes from the start (to tell a playlist from media without reading it all).
    func head(_ url: URL, count: Int) throws -> Data { try data(url, range: nil, limit: count) }

    func data(_ url: URL, range: HLSByteRange? = nil) throws -> Data { try data(url, range: range, limit: nil) }

    private func data(_ url: URL, range: HLSByteRange?, limit: Int?) throws -> Data {
        let name = Self.location(url)
        var context: UnsafeMutablePointer<AVIOContext>?
        var dict: OpaquePointer?
        for (k, v) in options where !url.isFileURL { av_dict_set(&dict, k, v, 0) }
        defer { av_dict_free(&dict) }
        let opened: Int32
        if var callback = interrupt?.callback {
            opened = avio_open2(&context, name, AVIO_FLAG_READ, &callback, &dict)
        } else {
            opened = avio_open2(&context, name, AVIO_FLAG_READ, nil, &dict)
        }
        guard opened >= 0, let ctx = context else {
            throw StitchedError.unreadable(resource: name, reason: FFmpegError.text(for: opened))
        }
        defer { avio_closep(&context) }
        var wanted: Int64 = -1
        if let range {
            let reached = avio_seek(ctx, range.offset, SEEK_SET)
            guard reached == range.offset else {
                throw StitchedError.unreadable(resource: name, reason: "cannot reach byte \(range.offset) (\(FFmpegError.text(for: Int32(truncatingIfNeeded: reached))))")
            }
            wanted = range.length
        } else if let limit {
            wanted = Int64(limit)
        } else {
            let size = avio_size(ctx)
            if size > 0 { wanted = size }
        }
        var out = Data()
        if wanted > 0 { out.reserveCapacity(Int(wanted)) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while wanted < 0 || out.count < wanted {
            let ask = wanted < 0 ? buffer.count : min(buffer.count, Int(wanted) - out.count)
            let n = buffer.withUnsafeMutableBufferPointer { avio_read(ctx, $0.baseAddress, Int32(ask)) }
            if n == FFmpegError.eof || n == 0 { break }
            guard n > 0 else { throw StitchedError.unreadable(resource: name, reason: FFmpegError.text(for: n)) }
            out.append(contentsOf: buffer[0..<Int(n)])
        }
        if wanted >= 0, out.count < wanted, limit == nil {
            let what = range.map { "bytes \($0.offset)–\($0.offset + $0.length - 1)" } ?? "\(wanted) bytes"
            throw StitchedError.unreadable(resource: name, reason: "truncated: \(out.count) of \(what) arrived")
        }
        return out
    }
}
