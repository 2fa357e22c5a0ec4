@testable import CueDetect

/// Hand-built cues with exact tick values for the SpanTracker tests.
enum SpanTestCues {
    static func seconds(_ s: Int64) -> Int64 { s * ProgramClock.hz }

    static func out(_ id: UInt32, at splice: Int64, arrival: Int64?, duration: Int64? = nil,
                    autoReturn: Bool = false, section: [UInt8] = [0xFC, 0x01]) -> TimedCue {
        TimedCue(spliceTicks: splice, arrivalTicks: arrival,
                 signal: .spliceInsert(SpliceInsertSignal(eventID: id, cancel: false, outOfNetwork: true, immediate: false,
                                                          breakDurationTicks: duration, autoReturn: autoReturn)),
                 origin: .transportStream(pid: 501), section: section)
    }

    static func back(_ id: UInt32, at splice: Int64, arrival: Int64?, section: [UInt8] = [0xFC, 0x02]) -> TimedCue {
        TimedCue(spliceTicks: splice, arrivalTicks: arrival,
                 signal: .spliceInsert(SpliceInsertSignal(eventID: id, cancel: false, outOfNetwork: false, immediate: false,
                                                          breakDurationTicks: nil, autoReturn: false)),
                 origin: .transportStream(pid: 501), section: section)
    }

    static func cancelInsert(_ id: UInt32, arrival: Int64) -> TimedCue {
        TimedCue(spliceTicks: arrival, arrivalTicks: arrival,
                 signal: .spliceInsert(SpliceInsertSignal(eventID: id, cancel: true, outOfNetwork: false, immediate: false,
                                                          breakDurationTicks: nil, autoReturn: false)),
                 origin: .transportStream(pid: 501), section: [0xFC, 0x03])
    }

    static func segment(_ id: UInt32, type: UInt8, duration: Int64? = nil, upidType: UInt8 = 0x09,
                        upid: String = "", scrType: String? = nil, cancel: Bool = false) -> SegmentationSignal {
        SegmentationSignal(eventID: id, cancel: cancel, typeID: type, durationTicks: duration,
                           upidType: upidType, upid: upid, scrType: scrType)
    }

    static func timeSignal(_ descriptors: [SegmentationSignal], at splice: Int64, arrival: Int64?,
                           section: [UInt8] = [0xFC, 0x06]) -> TimedCue {
        TimedCue(spliceTicks: splice, arrivalTicks: arrival, signal: .segmentation(descriptors),
                 origin: .transportStream(pid: 501), section: section)
    }

    static func heartbeat(arrival: Int64) -> TimedCue {
        TimedCue(spliceTicks: arrival, arrivalTicks: arrival, signal: .heartbeat,
                 origin: .transportStream(pid: 501), section: [0xFC, 0x00])
    }

    static func chapter(_ index: Int, title: String, start: Int64, end: Int64) -> TimedCue {
        TimedCue(spliceTicks: start, arrivalTicks: nil,
                 signal: .chapter(ChapterSignal(index: index, title: title, endTicks: end)),
                 origin: .chapter(index: index), section: [])
    }
}

extension SpanTracker {
    /// Ingests every cue and returns all events, in order.
    mutating func ingestAll(_ cues: [TimedCue]) -> [SpanEvent] {
        cues.flatMap { ingest($0) }
    }
}

extension Array where Element == SpanEvent {
    var closedSpans: [Span] {
        compactMap { if case let .closed(span) = $0 { return span } else { return nil } }
    }
}
