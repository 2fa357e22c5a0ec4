import Primitives

/// The last line of a batch report: counts, and the throughput that sizes a deployment —
/// media hours converted per CPU hour (of the titles converted in this run).
public struct BatchSummary: Equatable, Sendable {
    /// Exit statuses of `pkgctl vod --batch` (docs/deploy.md lists them).
    public enum Exit {
        /// Every title of the shard is done or skipped.
        public static let ok: Int32 = 0
        /// A title failed (or the batch could not run).
        public static let failed: Int32 = 1
        /// `--keep-going`: some titles failed, the others are done or skipped.
        public static let partial: Int32 = 3
        /// SIGINT/SIGTERM: titles in progress were stopped, the rest not started.
        public static let interrupted: Int32 = 130
    }

    public var shard: BatchShard
    public var parallel: Int
    /// Titles of this shard.
    public var titles = 0
    public var done = 0
    public var skipped = 0
    public var failed = 0
    /// Titles never started because the batch was stopped.
    public var notStarted: Int { titles - done - skipped - failed }
    public var interruptedBy: String?
    /// Source seconds of the titles converted.
    public var mediaSeconds = 0.0
    /// CPU of the titles converted (the ratio's denominator).
    public var convertedCPUSeconds = 0.0
    /// CPU of every title, skipped and failed ones included.
    public var cpuSeconds = 0.0
    public var wallSeconds = 0.0
    /// Staging trees of killed workers removed before the batch started (StagingLeftovers).
    public var stagingRemoved = 0

    public init(shard: BatchShard, parallel: Int, titles: Int) {
        self.shard = shard
        self.parallel = parallel
        self.titles = titles
    }

    mutating func add(_ result: TitleResult) {
        switch result.status {
        case .done:
            done += 1
            mediaSeconds += result.sourceDuration ?? 0
            convertedCPUSeconds += result.cpuSeconds
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
        cpuSeconds += result.cpuSeconds
    }

    public var mediaHoursPerCPUHour: Double? { convertedCPUSeconds > 0 ? mediaSeconds / convertedCPUSeconds : nil }
    public var mediaHoursPerWallHour: Double? { wallSeconds > 0 && done > 0 ? mediaSeconds / wallSeconds : nil }

    public func exitCode(keepGoing: Bool) -> Int32 {
        if interruptedBy != nil { return Exit.interrupted }
        if failed == 0 { return Exit.ok }
        return keepGoing && done + skipped > 0 ? Exit.partial : Exit.failed
    }

    public var json: JSONValue {
        func number(_ value: Double?, _ scale: Double = 1000) -> JSONValue {
            value.map { .double(($0 * scale).rounded() / scale) } ?? .null
        }
        return .object([
            .init("type", .string("summary")),
            .init("shard", .string(shard.description)),
            .init("parallel", .int(Int64(parallel))),
            .init("titles", .int(Int64(titles))),
            .init("done", .int(Int64(done))),
            .init("skipped", .int(Int64(skipped))),
            .init("failed", .int(Int64(failed))),
            .init("not_started", .int(Int64(notStarted))),
            .init("interrupted_by", interruptedBy.map(JSONValue.string) ?? .null),
            .init("media_hours", number(mediaSeconds / 3600, 1_000_000)),
            .init("cpu_seconds", number(cpuSeconds)),
            .init("converted_cpu_seconds", number(convertedCPUSeconds)),
            .init("media_hours_per_cpu_hour", number(mediaHoursPerCPUHour, 10)),
            .init("wall_seconds", number(wallSeconds)),
            .init("media_hours_per_wall_hour", number(mediaHoursPerWallHour, 10)),
            .init("staging_removed", .int(Int64(stagingRemoved))),
        ])
    }
}
