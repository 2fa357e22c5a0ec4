import CFFmpeg

/// One packet from the demuxer. Owns its AVPacket; the pointer stays inside the Packager's
/// FFmpeg adapter files (muxers take it from here without a copy).
///
/// A packet made from bytes (`init(bytes:…)`, the byte-level TS path's splice windows) keeps them
/// as Swift values until something asks for the AVPacket — a decoder, a muxer — so that reading
/// and cutting a window without re-encoding never opens FFmpeg. One made from deferred bytes
/// (`init(deferred:…)`, pkgctl's own fMP4 path) leaves them where they lie until they are asked
/// for; a muxer that takes them piece by piece (`deferredBytes`) copies them only into its output.
final class DemuxedPacket {
    /// The fields of a packet that has no AVPacket yet.
    private struct Pending {
        var bytes: [UInt8]
        var stream: Int32
        var pts: Int64
        var dts: Int64
        var duration: Int64 = 0
        var flags: Int32
        var timeBase: (num: Int32, den: Int32)
    }

    private var storage: UnsafeMutablePointer<AVPacket>?
    private var pending: Pending?
    /// Where a pending packet's bytes still lie (read into `pending` when first asked for).
    private var deferred: DeferredPacketBytes?

    init?() {
        guard let p = av_packet_alloc() else { return nil }
        storage = p
    }

    /// A packet of `bytes` on stream `stream`, its AVPacket made only when first asked for.
    init(bytes: [UInt8], stream: Int, pts: Int64, dts: Int64, duration: Int64 = 0, keyframe: Bool,
         timeBase: (num: Int32, den: Int32)) {
        pending = Pending(bytes: bytes, stream: Int32(stream), pts: pts, dts: dts, duration: duration,
                          flags: keyframe ? AV_PKT_FLAG_KEY : 0, timeBase: timeBase)
    }

    /// A packet whose bytes stay where they are until asked for (`deferredBytes`).
    init(deferred bytes: DeferredPacketBytes, stream: Int, pts: Int64, dts: Int64, duration: Int64 = 0, keyframe: Bool,
         timeBase: (num: Int32, den: Int32)) {
        pending = Pending(bytes: [], stream: Int32(stream), pts: pts, dts: dts, duration: duration,
                          flags: keyframe ? AV_PKT_FLAG_KEY : 0, timeBase: timeBase)
        deferred = bytes
    }

    private init(pending: Pending) { self.pending = pending }

    /// The bytes where they lie, while nothing has asked for them in one piece yet.
    var deferredBytes: DeferredPacketBytes? { deferred }

    /// Reads deferred bytes into the packet: every accessor of its bytes starts here.
    @inline(__always)
    private func resolve() {
        guard let source = deferred else { return }
        deferred = nil
        pending?.bytes = source.gathered()
    }

    deinit { if storage != nil { av_packet_free(&storage) } }

    /// The AVPacket (made now from a packet's bytes; nil when FFmpeg cannot allocate it).
    var packet: UnsafeMutablePointer<AVPacket>? {
        resolve()
        if let made = pending {
            pending = nil
            guard let p = av_packet_alloc() else { return nil }
            storage = p
            guard av_new_packet(p, Int32(made.bytes.count)) >= 0 else { return nil }
            made.bytes.withUnsafeBufferPointer { source in
                if let data = p.pointee.data, let base = source.baseAddress { data.update(from: base, count: source.count) }
            }
            p.pointee.stream_index = made.stream
            p.pointee.pts = made.pts
            p.pointee.dts = made.dts
            p.pointee.duration = made.duration
            p.pointee.flags = made.flags
            p.pointee.time_base = AVRational(num: made.timeBase.num, den: made.timeBase.den)
        }
        return storage
    }

    var streamIndex: Int { pending.map { Int($0.stream) } ?? Int(storage?.pointee.stream_index ?? -1) }
    var pts: Int64? {
        if let pending { return pending.pts }
        return storage.flatMap { $0.pointee.pts == pkgctl_nopts() ? nil : $0.pointee.pts }
    }
    var dts: Int64? {
        if let pending { return pending.dts }
        return storage.flatMap { $0.pointee.dts == pkgctl_nopts() ? nil : $0.pointee.dts }
    }
    var duration: Int64 { pending?.duration ?? storage?.pointee.duration ?? 0 }
    var isKeyframe: Bool { (pending?.flags ?? storage?.pointee.flags ?? 0) & AV_PKT_FLAG_KEY != 0 }
    /// libavformat saw damage in it (MPEG-TS: a continuity-counter gap inside its PES).
    var isCorrupt: Bool { (storage?.pointee.flags ?? 0) & AV_PKT_FLAG_CORRUPT != 0 }

    var bytes: [UInt8] {
        resolve()
        if let pending { return pending.bytes }
        guard let p = storage, let data = p.pointee.data, p.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.pointee.size)))
    }

    var size: Int {
        resolve()
        return pending?.bytes.count ?? Int(storage?.pointee.size ?? 0)
    }

    /// The packet's bytes where they are (a pending packet's own, or the AVPacket's), uncopied.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        resolve()
        if let pending { return try pending.bytes.withUnsafeBytes(body) }
        guard let p = storage, let data = p.pointee.data, p.pointee.size > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: data, count: Int(p.pointee.size)))
    }

    /// The first `count` bytes (fewer if the packet is shorter), without copying the rest.
    func prefix(_ count: Int) -> [UInt8] {
        if let source = deferred {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            try? source.forEachPiece { piece in
                let n = min(count - out.count, piece.count)
                if n > 0 { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[..<n])) }
            }
            return out
        }
        if let pending { return Array(pending.bytes.prefix(count)) }
        guard let p = storage, let data = p.pointee.data, p.pointee.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: min(count, Int(p.pointee.size))))
    }

    /// A packet of `bytes` with this one's properties (stream, flags, times, side data, time base).
    func withBytes(_ bytes: [UInt8]) -> DemuxedPacket? {
        if var made = pending {
            made.bytes = bytes
            return DemuxedPacket(pending: made)
        }
        guard let template = storage else { return nil }
        return .splicePacket(bytes: bytes, template: template)
    }

    /// Places the packet on the source stream's timeline (raw stream ticks, as demuxed).
    func place(stream: Int, pts: Int64, dts: Int64, duration: Int64, timeBase: (num: Int32, den: Int32)) {
        if pending != nil {
            pending?.stream = Int32(stream)
            pending?.pts = pts
            pending?.dts = dts
            pending?.duration = duration
            pending?.timeBase = timeBase
            return
        }
        guard let p = storage else { return }
        p.pointee.stream_index = Int32(stream)
        p.pointee.pts = pts
        p.pointee.dts = dts
        p.pointee.duration = duration
        p.pointee.pos = -1
        p.pointee.time_base = AVRational(num: timeBase.num, den: timeBase.den)
    }

    /// Drops AV_PKT_FLAG_KEY (a picture that decodes on its own but is not offered as a cut point).
    func clearKeyframeFlag() {
        if pending != nil {
            pending?.flags &= ~AV_PKT_FLAG_KEY
            return
        }
        storage?.pointee.flags &= ~AV_PKT_FLAG_KEY
    }

    func unref() { av_packet_unref(packet) }

    /// Stamps a packet that came without timestamps (stream time base).
    func setTimestamps(_ value: Int64) {
        packet?.pointee.pts = value
        packet?.pointee.dts = value
    }
}
