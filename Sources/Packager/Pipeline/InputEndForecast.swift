/// Where an input of known size (a regular file, looped or not) will end, as a PTS of its
/// leading video: the bytes still to read, at the rate its bytes so far covered media.
///
/// Why: a live segment whose end is foretold gets ready for it in its last half second
/// (`SegmentEndNear`: TS writers write small, fMP4 fragments close early), so little is left to
/// write and sync when it closes. The end of a file closes a segment nothing else foretold; with
/// two renditions the second one's segment there also waits for the first's publish. The
/// bench's looped input paid that at every loop (docs/performance.md).
///
/// The forecast needs no precision: early, a segment writes small a little longer (some CPU);
/// late, its end is not ready for (as before). It never moves a cut.
enum InputEndForecast {
    /// Media read before the rate is trusted: a second (90 kHz ticks).
    static let minimumSpan: Int64 = 90_000

    /// - Parameters:
    ///   - size: the input's size in bytes.
    ///   - bytesRead: bytes of it indexed so far.
    ///   - firstVideo: PTS of the earliest video frame read; `videoEnd`: end of the latest.
    /// - Returns: nil until a second of media has been read.
    static func endPTS(size: Int64, bytesRead: Int64, firstVideo: Int64?, videoEnd: Int64?) -> Int64? {
        guard let firstVideo, let videoEnd, videoEnd - firstVideo >= minimumSpan, bytesRead > 0 else { return nil }
        let left = Double(max(size - bytesRead, 0))
        return videoEnd + Int64(left * Double(videoEnd - firstVideo) / Double(bytesRead))
    }
}
