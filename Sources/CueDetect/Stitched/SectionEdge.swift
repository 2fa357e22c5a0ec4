/// What one splice_info_section carried by a cue tag (or found in-band) says about a span edge:
/// splice_insert out/in by splice_event_id; time_signal segmentation starts (kind by the
/// classifier) and Ends. Heartbeats, cancels and other commands mark nothing.
struct SectionEdge: Equatable {
    var edge: CueMark.Edge
    var kind: SpanKind?
    var isContainer: Bool
    var durationTicks: Int64?
    var id: String
    /// splice_time (after pts_adjustment), 33-bit 90 kHz, when the command carries one.
    var splicePTS: UInt64?

    enum Failure: Error { case undecodable(String), badCRC }

    static func read(_ bytes: [UInt8], classifier: SpanClassifier) throws -> SectionEdge? {
        let section: SpliceInfoSection
        do {
            section = try SpliceInfoSection.decode(bytes)
        } catch {
            throw Failure.undecodable(String(describing: error))
        }
        guard section.crcOK else { throw Failure.badCRC }
        switch section.cueSignal {
        case .spliceInsert(let s):
            if s.cancel {
                return SectionEdge(edge: .cancel, kind: nil, isContainer: false, durationTicks: nil, id: "splice \(s.eventID)",
                                   splicePTS: nil)
            }
            guard let kind = classifier.kind(for: s) else { return nil }
            return SectionEdge(edge: s.outOfNetwork ? .out : .in, kind: kind, isContainer: false,
                               durationTicks: s.outOfNetwork ? s.breakDurationTicks : nil, id: "splice \(s.eventID)",
                               splicePTS: section.spliceTimeAdjusted)
        case .segmentation(let descriptors):
            if let d = descriptors.first(where: \.cancel) {
                return SectionEdge(edge: .cancel, kind: nil, isContainer: false, durationTicks: nil, id: "segmentation \(d.eventID)",
                                   splicePTS: nil)
            }
            for d in descriptors {
                if let kind = classifier.kind(forStart: d) {
                    return SectionEdge(edge: .out, kind: kind, isContainer: classifier.isContainer(typeID: d.typeID),
                                       durationTicks: d.durationTicks, id: "segmentation \(d.eventID)",
                                       splicePTS: section.spliceTimeAdjusted)
                }
                if d.typeID > 0, classifier.canStartSpan(typeID: d.typeID - 1) {
                    return SectionEdge(edge: .in, kind: nil, isContainer: false, durationTicks: nil,
                                       id: "segmentation \(d.eventID)", splicePTS: section.spliceTimeAdjusted)
                }
            }
            return nil
        case .heartbeat, .other, .chapter, .stitched:
            return nil
        }
    }
}
