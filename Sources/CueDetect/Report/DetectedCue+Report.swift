import Foundation
import Primitives

extension DetectedCue {
    /// The `pkgctl cues --format json` line of this cue. `t0` is the unwrapped PTS of the first
    /// video frame; `time` is where the splice takes effect, in seconds from it.
    public func reportJSON(t0: Int64?) -> JSONValue {
        var insert: SpliceInsertSignal?
        var segmentations: [SegmentationSignal] = []
        if let signal = section?.cueSignal {
            switch signal {
            case .spliceInsert(let s): insert = s
            case .segmentation(let list): segmentations = list
            default: break
            }
        }
        var members: [JSONValue.Member] = [
            .init("type", .string("cue")),
            .init("command", .string(commandName)),
            .init("pid", origin.pid.map { .int(Int64($0)) } ?? .null),
            .init("source", .string(origin.sourceName)),
            .init("arrival_pts", arrivalPTS.map { .int(Int64($0)) } ?? .null),
            .init("splice_pts", splicePTS.map { .int(Int64($0)) } ?? .null),
            .init("time", ReportTime.seconds(effectiveTicks, from: t0)),
            .init("splice_event_id", insert.map { .int(Int64($0.eventID)) } ?? .null),
            .init("out_of_network", insert.map { .bool($0.outOfNetwork) } ?? .null),
            .init("cancel", insert.map { .bool($0.cancel) } ?? .null),
            .init("segmentations", .array(segmentations.map(Self.segmentationJSON))),
            .init("crc_ok", section.map { .bool($0.crcOK) } ?? .null),
            .init("hex", bytes.isEmpty ? .null : .string(HexText.upper(bytes))),
            .init("base64", bytes.isEmpty ? .null : .string(Data(bytes).base64EncodedString())),
        ]
        if let chapter { members.append(.init("title", .string(chapter.title))) }
        if let decodeError { members.append(.init("error", .string(decodeError))) }
        if let warnings = section?.warnings, !warnings.isEmpty {
            members.append(.init("warnings", .array(warnings.map(JSONValue.string))))
        }
        return .object(members)
    }

    private static func segmentationJSON(_ s: SegmentationSignal) -> JSONValue {
        .object([
            .init("type_id", .int(Int64(s.typeID))),
            .init("event_id", .int(Int64(s.eventID))),
            .init("cancel", .bool(s.cancel)),
            .init("duration", s.durationTicks.map(ReportTime.seconds) ?? .null),
            .init("upid_type", .int(Int64(s.upidType))),
            .init("upid", .string(s.upid)),
        ])
    }
}

extension CueOrigin {
    var pid: Int? {
        if case .transportStream(let pid) = self { return pid }
        return nil
    }

    var sourceName: String {
        switch self {
        case .transportStream: return "in_band"
        case .sidecar: return "sidecar"
        case .chapter: return "chapter"
        case .playlist: return "playlist"
        }
    }
}
