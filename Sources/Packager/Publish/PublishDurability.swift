/// What a file written into a directory must survive once it is published.
///
/// Either way a file appears whole (temp file, then rename): a reader never sees a torn one, and
/// a crash or SIGKILL of pkgctl leaves every file it published, because the kernel's page cache
/// holds them. The difference is an operating-system crash or a power cut:
/// - `power` fsyncs each file before its rename, and (`PublishSink.syncPublished`) each
///   directory a file was renamed into before the next live state save, so what was published
///   is on the disk under its name. A journal commit per file: on this project's test machine a
///   live segment reached its playlist in 2.9–3.2 ms at the median and 14.5–244 ms at the 99th
///   percentile, that tail being the disk's own fsync latency (bench runs, 2026-12-02).
/// - `process` leaves the write-back to the kernel (within about 5 s on ext4), as FFmpeg's HLS
///   muxer and Shaka Packager do: a power cut may lose the last seconds of the window, and a
///   restart may repeat the last few media sequence numbers. Publishing costs no disk wait:
///   1.2–1.3 ms at the median, 2.6–3.2 ms at the 99th percentile on the same machine.
public enum PublishDurability: String, Sendable, Equatable, CaseIterable {
    case power
    case process

    var syncsFiles: Bool { self == .power }
}
