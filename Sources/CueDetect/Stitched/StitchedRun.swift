/// Why a new run of media starts at a segment.
public enum RunBoundary: Equatable, Sendable, CustomStringConvertible {
    case discontinuityTag(line: Int)
    case newMap(line: Int)
    /// The segment's timestamps do not continue the previous segment's (a reset or a jump).
    case timestamps(expectedTicks: Int64, foundTicks: Int64)
    case signature(from: MediaSignature, to: MediaSignature)

    public var description: String {
        switch self {
        case .discontinuityTag(let line): return "EXT-X-DISCONTINUITY (line \(line))"
        case .newMap(let line): return "a new EXT-X-MAP (line \(line))"
        case let .timestamps(expected, found):
            return "timestamps jump from \(Self.seconds(expected)) s to \(Self.seconds(found)) s"
        case let .signature(from, to): return "media changes: \(to.difference(from: from))"
        }
    }

    static func seconds(_ ticks: Int64) -> String { String(format: "%.3f", Double(ticks) / 90_000) }
}

/// A stretch of segments with continuous timestamps and one media signature: what the stitcher
/// spliced in one piece. The pipeline re-times every run to follow the previous one, so the
/// presentation has one continuous timeline (`continuous = own + offset`).
public struct StitchedRun: Equatable, Sendable {
    public var index: Int
    public var segments: Range<Int>
    /// Own timestamps (90 kHz) of its first video frame and the end of its last.
    public var firstTicks: Int64
    public var endTicks: Int64
    public var offsetTicks: Int64
    public var signature: MediaSignature
    /// Why it starts (empty for the first run).
    public var boundaries: [RunBoundary]
    public var extinfTicks: Int64

    public var startTicks: Int64 { firstTicks + offsetTicks }
    public var continuousEndTicks: Int64 { endTicks + offsetTicks }
    public var durationTicks: Int64 { endTicks - firstTicks }
}

/// Cuts segments into runs (incrementally, so live can use it too) and places each run on the
/// continuous timeline right after the previous one.
public struct RunBuilder: Sendable {
    /// A jump larger than this between one segment's end and the next one's start is a break.
    public var toleranceTicks: Int64
    public private(set) var runs: [StitchedRun] = []
    private var lastSegment: StitchedSegment?
    /// Where the continuous timeline starts at the earliest (10 s).
    static let earliestStart: Int64 = 900_000

    public init(toleranceTicks: Int64 = 45_000) {
        self.toleranceTicks = toleranceTicks
    }

    /// Adds the next segment; returns the boundaries that start a new run with it (empty: it
    /// continues the current run).
    @discardableResult
    public mutating func add(_ segment: StitchedSegment) -> [RunBoundary] {
        var reasons: [RunBoundary] = []
        if let last = lastSegment {
            if segment.discontinuity { reasons.append(.discontinuityTag(line: segment.line)) }
            if segment.newMap { reasons.append(.newMap(line: segment.line)) }
            if abs(segment.firstVideoTicks - last.endVideoTicks) > toleranceTicks {
                reasons.append(.timestamps(expectedTicks: last.endVideoTicks, foundTicks: segment.firstVideoTicks))
            }
            if segment.signature != last.signature { reasons.append(.signature(from: last.signature, to: segment.signature)) }
        }
        lastSegment = segment
        if runs.isEmpty || !reasons.isEmpty {
            // The first run keeps its timestamps unless they start so early that audio ahead of
            // the first frame (AAC priming) would fall below zero.
            let offset = runs.last.map { $0.continuousEndTicks - segment.firstVideoTicks }
                ?? max(0, Self.earliestStart - segment.firstVideoTicks)
            runs.append(StitchedRun(index: runs.count, segments: segment.index..<(segment.index + 1),
                                    firstTicks: segment.firstVideoTicks, endTicks: segment.endVideoTicks, offsetTicks: offset,
                                    signature: segment.signature, boundaries: reasons, extinfTicks: segment.extinfTicks))
            return runs.count == 1 ? [] : reasons
        }
        runs[runs.count - 1].segments = runs[runs.count - 1].segments.lowerBound..<(segment.index + 1)
        runs[runs.count - 1].endTicks = max(runs[runs.count - 1].endTicks, segment.endVideoTicks)
        runs[runs.count - 1].extinfTicks += segment.extinfTicks
        return []
    }

    public static func runs(of segments: [StitchedSegment], toleranceTicks: Int64) -> [StitchedRun] {
        var builder = RunBuilder(toleranceTicks: toleranceTicks)
        for segment in segments { builder.add(segment) }
        return builder.runs
    }
}
