/// Where an input of known size (a regular file, looped or not; an HTTP download with a
/// Content-Length) will end, as a PTS of its leading video: the bytes still to read, at the rate
/// its bytes covered media since the forecast's anchor.
///
/// Why: a live segment whose end is foretold gets ready for it in its last half second
/// (`SegmentEndNear`: TS writers write small, fMP4 fragments close early), so little is left to
/// write and sync when it closes. The end of a file closes a segment nothing else foretold; with
/// two renditions the second one's segment there also waited for the first's listing. The
/// bench's looped input paid that at every loop (docs/performance.md).
///
/// The forecast needs no precision: early, a segment writes small a little longer (some CPU) or
/// spends its fMP4 early close sooner; late, its end is not ready for (as before). It never moves
/// a cut. The anchor is the first read after the reader's start or a jump of its timestamps (a
/// reset: media before it says nothing of the rate after it).
struct InputEndForecast {
    /// Media read since the anchor before the rate is trusted: a second (90 kHz ticks).
    static let minimumSpan: Int64 = 90_000
    /// A step of the latest video end larger than this, or backwards, moves the anchor (as
    /// `LiveSession` starts a new epoch at a 10 s jump).
    static let jump: Int64 = 10 * 90_000

    private var anchor: (bytes: Int64, pts: Int64)?
    private var lastVideoEnd: Int64?

    /// After a read.
    /// - Parameters:
    ///   - size: the input's size in bytes at open (nil: unknown, no forecast). Once more was read,
    ///     the input is growing (libavformat's `follow=1`): its end is not its size, no forecast.
    ///   - bytesRead: bytes the reader has taken from the input so far (libavformat's read ahead
    ///     of the packets it handed out, which makes the forecast a little early).
    ///   - videoEnd: the end of the latest video frame read.
    /// - Returns: nil until a second of media has been read since the anchor.
    mutating func endPTS(size: Int64?, bytesRead: Int64, videoEnd: Int64?) -> Int64? {
        guard let videoEnd else { return nil }
        defer { lastVideoEnd = videoEnd }
        if let last = lastVideoEnd, videoEnd < last || videoEnd - last > Self.jump { anchor = nil }
        guard let from = anchor else {
            anchor = (bytesRead, videoEnd)
            return nil
        }
        let bytes = bytesRead - from.bytes, ticks = videoEnd - from.pts
        guard let size, bytesRead <= size, ticks >= Self.minimumSpan, bytes > 0 else { return nil }
        let left = Double(size - bytesRead)
        return videoEnd + Int64(left * Double(ticks) / Double(bytes))
    }
}
