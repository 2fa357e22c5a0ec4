import CFFmpeg

/// glibc malloc settings for frame-accurate splicing in a `pkgctl vod` process.
///
/// Each splice opens a decoder and an encoder, whose picture buffers (1.4 MB a 720p picture,
/// dozens of them) are over glibc's mmap threshold: every splice mapped them afresh and the
/// kernel cleared each page on first touch (clear_page_erms and the page faults were most of
/// the kernel's 10 % of an accurate run's samples). Kept in the heap, the next splice reuses them.
/// Not for live: a channel keeps `ServiceHeap`'s low thresholds, which return memory.
enum SpliceHeap {
    /// Above a 1080p 4:2:0 10-bit picture (6 MB) with room for x264's own frame arrays.
    static let mmapThreshold: Int32 = 32 << 20
    static let trimThreshold: Int32 = 256 << 20

    private static let kept: Bool = pkgctl_keep_heap(mmapThreshold, trimThreshold) != 0

    /// Once per process, before the first re-encode.
    static func keepPictureBuffers() { _ = kept }
}
