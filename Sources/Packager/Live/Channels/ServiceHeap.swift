import CFFmpeg

/// glibc malloc settings for a long-running live process (one channel or many).
///
/// Measured on a 4 Mbps UDP channel (`scripts/bench-live.py`, smaps): with glibc's defaults the
/// heap stayed at 7.3 MB resident although under 2 MB of it was live. Two things hold the rest:
/// the probe of the input (libavformat's probe buffer and the decoders `find_stream_info` opens,
/// 10 MB at the peak) is freed into the heap, not to the kernel, and glibc's *dynamic* mmap
/// threshold climbs to the size of the first freed segment buffer (≈ 3 MB for 6 s at 4 Mbps), so
/// every later segment buffer is carved from the heap and its pages stay resident between
/// segments. A fixed threshold sends each block over 128 KiB to mmap (returned on free) and a
/// fixed trim threshold gives freed heap tops back: the heap then measured 1.7 MB. The cost is a
/// page fault per 4 KiB of each segment buffer, about 750 per 6 s segment.
///
/// Arenas: glibc gives each thread that allocates its own arena (up to 8 per core), and a freed
/// block stays in the arena it came from. With one thread per channel (`--channels`) that is up
/// to 16 partly used heaps on two cores; two arenas keep the free space shared, and the channels'
/// threads allocate seldom (a segment, a playlist) so they rarely contend.
public enum ServiceHeap {
    public static let mmapThreshold: Int32 = 128 * 1024
    public static let trimThreshold: Int32 = 128 * 1024
    public static let arenas: Int32 = 2

    /// Call once, before the first channel opens its input; false when glibc refused a setting
    /// (the process then runs with its defaults, which cost memory, not correctness).
    @discardableResult
    public static func configure() -> Bool {
        pkgctl_tune_heap(mmapThreshold, trimThreshold, arenas) != 0
    }

    /// Hands the heap's free pages back to the kernel: after the probe of an input is closed,
    /// its ~10 MB would otherwise stay resident under everything that follows (`pkgctl vod`'s
    /// peak RSS was the probe's plus the cutting's, not the larger of the two).
    public static func returnFreedMemory() {
        _ = pkgctl_trim_heap()
    }
}
