/// How span edges are cut (`--splice`, configuration `segments.splice`).
///
/// - `accurate`: at the exact splice frame. The partial GOP around it is decoded and the pictures
///   that must change are re-encoded (libx264 / libx265 set up like the source), so the far side
///   starts with an IDR at the splice and the near side ends cleanly just before it. The default
///   of `pkgctl vod`; in `pkgctl live` the re-encode runs while the segment is still open.
/// - `keyframe`: at the first keyframe at or after the splice, stream copy. Open-GOP leading
///   pictures that would predict across the cut are re-encoded onto the near side when the GOP
///   before the cut is still held (vod), else dropped (live), and the resume keyframe is rewritten
///   (HEVC CRA → BLA, H.264 open-GOP I → IDR), so every output still decodes cleanly.
///
/// A stream that cannot be re-encoded (a codec without a libavcodec encoder here, a profile
/// libx264/libx265 cannot match) is cut at keyframes in either mode, one warning per span.
public enum SpliceMode: String, Codable, Sendable, CaseIterable {
    case keyframe, accurate
}
