extension OutputLayout {
    /// The one media file of an output (a rendition or an asset) in the single-file layout:
    /// `media.ts`, or `media.mp4` with the init section at its start.
    static func singleFile(format: SegmentMuxerFormat) -> String {
        format == .ts ? "media.ts" : "media.mp4"
    }
}
