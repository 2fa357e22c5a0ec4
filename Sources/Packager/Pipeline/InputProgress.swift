/// How far a pipeline has read its input, for a progress display (`pkgctl vod` on a terminal):
/// the bytes taken from the input, and the media time they covered — the leading video from its
/// first frame to the end of the latest one — when the source knows it.
public struct InputProgress: Equatable, Sendable {
    public var bytesRead: Int64
    public var mediaSeconds: Double?

    public init(bytesRead: Int64, mediaSeconds: Double?) {
        self.bytesRead = bytesRead
        self.mediaSeconds = mediaSeconds
    }

    /// From 90 kHz ticks of the leading video.
    init(bytesRead: Int64, firstVideo: Int64?, videoEnd: Int64?) {
        self.bytesRead = bytesRead
        if let firstVideo, let videoEnd { mediaSeconds = Double(max(0, videoEnd - firstVideo)) / 90_000 } else { mediaSeconds = nil }
    }
}
