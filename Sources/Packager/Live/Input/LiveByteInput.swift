/// Where a byte-level live session reads its MPEG-TS from: an FFmpeg protocol through a
/// `TeeIOContext` (udp, srt, http…), or pkgctl's own reader of a local file or pipe
/// (`LiveFileInput`), which keeps FFmpeg's libraries out of the channel's process.
protocol LiveByteInput: AnyObject {
    /// The input as the operator named it (for messages).
    var url: String { get }
    /// Reads what has arrived into `buffer`, waiting for some; 0 at the end of the input.
    /// Throws when the read fails or is interrupted (shutdown, or no data within the stall limit).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes the input dropped so far because the channel did not read them in time (a UDP
    /// backlog that reached its limit); 0 for inputs that make the sender wait instead.
    var droppedBytes: Int { get }
    /// The input's size in bytes at open when it is a regular file; nil for pipes and sockets.
    var fileSize: Int64? { get }
}

extension LiveByteInput {
    var droppedBytes: Int { 0 }
    var fileSize: Int64? { nil }
}

extension TeeIOContext: LiveByteInput {
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { try readRaw(into: buffer) }
}
