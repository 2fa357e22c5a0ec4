import CueDetect
import Foundation

/// The byte-level TS path driven directly from access units and known spans, for the engine's
/// tests and benchmark: the pipeline's own CutPlanner decides every cut and TSSegmentAssembler
/// applies them — the same rule and mechanics `pkgctl vod` uses, with spans given up front
/// instead of routed from cues.
public final class TSOutputRouter {
    public enum Layout: Equatable, Sendable {
        case filePerSegment
        /// One file per output (`segmentPath(target, 0)`); segments are byte ranges of it.
        case singleFile
    }

    private var planner: CutPlanner
    private let assembler: TSSegmentAssembler
    public private(set) var spans: [Int: TSCutSpan] = [:]
    public private(set) var segments: [TSRoutedSegment] = []
    public private(set) var firstVideoPTS: Int64?
    public private(set) var lastVideoEnd: Int64?
    private var videoPID: Int?

    /// Unchanged input stretches at least this long are copied by copy_file_range.
    public var passthroughThreshold: Int {
        get { assembler.passthroughThreshold }
        set { assembler.passthroughThreshold = newValue }
    }

    /// Ticks stripped from the primary so far.
    public var shift: Int64 { planner.shift }

    /// - Parameter segmentPath: (output, segment index) → file path.
    public init(input: TSInputWindow, indexer: TSIndexer, targetTicks: Int64, spans: [TSCutSpan],
                layout: Layout = .filePerSegment, segmentPath: @escaping (OutputTarget, Int) -> String) throws {
        planner = CutPlanner(rule: CutRule(targetSeconds: Double(targetTicks) / 90_000, hardCap: false))
        assembler = TSSegmentAssembler(input: input, indexer: indexer, singleFile: layout == .singleFile) { target, _, index in
            segmentPath(target, index)
        }
        for span in spans { update(span) }
    }

    /// A span learnt while reading: cut from its start on.
    public func update(_ span: TSCutSpan) {
        let known = spans[span.serial] != nil
        var record = spans[span.serial] ?? span
        record.endTicks = span.endTicks
        spans[span.serial] = record
        let value = Span(serial: span.serial, kind: .ad, eventID: UInt32(clamping: span.serial), signalName: "given",
                         startTicks: span.startTicks, endTicks: span.endTicks)
        if !known {
            planner.apply(.route(SpanRoute(key: span.serial, id: "span-\(span.serial)", span: value, placement: span.placement)))
        }
        if let end = span.endTicks {
            planner.apply(.endAt(SpanEnding(key: span.serial, ticks: end, endedBy: .inCue, inSection: nil, span: value)))
        }
    }

    /// The earliest input offset some unit not yet written starts at.
    public var oldestNeededOffset: Int64? { assembler.oldestNeededOffset }

    public func consume(_ unit: TSAccessUnit) throws {
        switch unit.kind {
        case .video where videoPID == nil || unit.pid == videoPID:
            guard let pts = unit.pts, let dts = unit.decodeTicks else { return }
            if firstVideoPTS == nil, unit.keyframe {
                firstVideoPTS = pts
                videoPID = unit.pid
            }
            let media = MediaPacket(unit: unit, role: .video(rendition: 0), pts: pts, dts: dts)
            let cut = try planner.frame(pts: pts, isKeyframe: unit.keyframe, duration: unit.duration)
            take(try assembler.video(media, cut: cut))
            if firstVideoPTS != nil { lastVideoEnd = max(lastVideoEnd ?? pts, pts + max(unit.duration, 0)) }
        case .audio:
            take(try assembler.audio(MediaPacket(unit: unit, role: .audio, pts: unit.pts ?? 0, dts: unit.decodeTicks ?? 0)))
        default:
            take(try assembler.passthrough(MediaPacket(unit: unit, role: .passthrough, pts: unit.pts ?? 0, dts: unit.decodeTicks ?? 0)))
        }
    }

    /// Flushes everything: the open asset (its span ends with the input) and the primary.
    public func finish() throws -> [TSRoutedSegment] {
        let cut = planner.finish(at: lastVideoEnd ?? 0)
        take(try assembler.finish(cut))
        take(([], planner.takeRecords()))
        return segments
    }

    private func take(_ output: ([FinishedSegment], [CutRecord])) {
        for s in output.0 {
            guard let written = s.written else { continue }
            segments.append(TSRoutedSegment(target: s.target, index: s.index, startTicks: s.startTicks,
                                            durationTicks: s.durationTicks, written: written, isLast: s.isLast))
        }
        for record in output.1 {
            switch record {
            case let .spanIn(key, input, _): spans[key]?.cutIn = input
            case let .spanOut(key, input, _): spans[key]?.cutOut = input
            case let .skipped(key, reason): spans[key]?.skipped = reason
            default: break
            }
        }
    }
}

/// A segment the router closed: which output, where on that output's timeline, and the bytes.
public struct TSRoutedSegment: Equatable, Sendable {
    public var target: OutputTarget
    public var index: Int
    /// Start on the target's own timeline (the primary's is re-timed after stripped spans).
    public var startTicks: Int64
    public var durationTicks: Int64
    public var written: TSWrittenSegment
    public var isLast: Bool
}
