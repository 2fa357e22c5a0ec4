/// Makes an H.264 stream that resumes at a non-IDR keyframe (an open-GOP I picture with a
/// recovery point) start a new coded video sequence there, as HEVC does with a BLA:
///
/// - the keyframe becomes an IDR (nal_unit_type 5, frame_num 0, idr_pic_id 0, IDR marking), so
///   whatever precedes it — re-encoded pictures with their own SPS, or unrelated primary content —
///   is flushed and a new SPS may be activated there (§7.4.1.2.1);
/// - every later picture until the source's next real IDR keeps its numbering relative to the
///   keyframe: frame_num and pic_order_cnt_lsb are moved by the keyframe's values (same widths);
/// - memory-management commands that name frames from before the keyframe (x264 drops the old
///   GOP's references that way after an open-GOP I) are removed: the output never had them.
///
/// Stateful: the caller passes every packet that follows the cut on that side through it, in
/// decode order, until `isFinished`.
final class H264ResumeRewriter {
    private let format: NALPacketFormat
    private var sequence: [UInt32: H264SequenceParameters] = [:]
    private var picture: [UInt32: H264PictureParameters] = [:]
    private var origin: (frameNum: Int64, pocLsb: Int64)?
    private var marking: H264ReferenceMarking?
    private(set) var isFinished = false

    init(parameterSets: [[UInt8]], format: NALPacketFormat) throws {
        self.format = format
        for unit in parameterSets { try learn(unit[...]) }
    }

    /// The packet's bytes as they go out (unchanged once the source's next IDR has passed).
    func rewrite(_ bytes: [UInt8]) throws -> [UInt8] {
        guard !isFinished else { return bytes }
        var units = format.units(bytes)
        var changed = false
        var headers: [(index: Int, header: H264SliceHeader)] = []
        for (index, unit) in units.enumerated() {
            let type = SpliceCodec.h264.type(of: unit)
            if type == 7 || type == 8 { try learn(unit) }
            guard type == 1 || type == 5 else { continue }
            let header = try H264SliceHeader(unit: unit, sps: sequence, pps: picture)
            if type == 5, origin != nil {
                isFinished = true
                return bytes
            }
            headers.append((index, header))
        }
        guard let first = headers.first?.header, let sps = sps(of: first) else { return bytes }
        let start = origin == nil
        if start {
            guard headers.allSatisfy({ $0.header.isIntra }) else { throw H264SyntaxError.unsupported("a resume keyframe that is not an I picture") }
            guard sps.pocType != 1 else { throw H264SyntaxError.unsupported("picture order count type 1") }
            origin = (first.value("frame_num") ?? 0, first.value("pic_order_cnt_lsb") ?? 0)
            marking = H264ReferenceMarking(log2MaxFrameNum: sps.log2MaxFrameNum, maxReferenceFrames: sps.maxNumRefFrames)
        }
        guard let origin, var tracked = marking else { return bytes }
        let frameNum = ((first.value("frame_num") ?? 0) - origin.frameNum) & ((1 << Int64(sps.log2MaxFrameNum)) - 1)
        let kept = start || !first.isReference ? first.commands : tracked.applicable(first.commands, frameNum: frameNum)
        for (index, original) in headers {
            var header = original
            header.set("frame_num", frameNum)
            if sps.pocType == 0, let lsb = header.value("pic_order_cnt_lsb") {
                header.set("pic_order_cnt_lsb", (lsb - origin.pocLsb) & ((1 << Int64(sps.log2MaxPocLsb)) - 1))
            }
            if start { header.makeIDR() } else if kept != header.commands { header.replaceCommands(kept) }
            units[index] = header.written()[...]
            changed = true
        }
        if first.isReference {
            let adaptive = first.value("adaptive_ref_pic_marking_mode_flag") == 1 ? kept : nil
            tracked.decoded(frameNum: frameNum, idr: start, adaptive: start ? nil : adaptive)
        }
        marking = tracked
        return changed ? format.packet(units) : bytes
    }

    private func sps(of header: H264SliceHeader) -> H264SequenceParameters? {
        guard let ppsID = header.value("pic_parameter_set_id"), let pps = picture[UInt32(ppsID)] else { return nil }
        return sequence[pps.spsID]
    }

    private func learn(_ unit: ArraySlice<UInt8>) throws {
        if SpliceCodec.h264.type(of: unit) == 7 {
            let sps = try H264SequenceParameters(Array(unit))
            sequence[sps.id] = sps
        } else {
            let pps = try H264PictureParameters(Array(unit))
            picture[pps.id] = pps
        }
    }
}

extension H264SliceHeader {
    mutating func set(_ name: String, _ value: Int64) {
        if let index = elements.firstIndex(where: { $0.name == name }) { elements[index].value = value }
    }

    /// IDR form: nal_unit_type 5, idr_pic_id after frame_num, dec_ref_pic_marking with the two
    /// IDR flags (prior pictures output, not long-term).
    mutating func makeIDR() {
        guard !isIDR, let frame = elements.firstIndex(where: { $0.name == "frame_num" }) else { return }
        nalHeader = nalHeader & 0xE0 | 5
        elements[markingRange] = [Element(name: "no_output_of_prior_pics_flag", coding: .fixed(1), value: 0),
                                  Element(name: "long_term_reference_flag", coding: .fixed(1), value: 0)]
        elements.insert(Element(name: "idr_pic_id", coding: .ue, value: 0), at: frame + 1)
        commands = []
    }

    /// Adaptive marking with only `kept` of its commands.
    mutating func replaceCommands(_ kept: [MarkingCommand]) {
        let flag = Element(name: "adaptive_ref_pic_marking_mode_flag", coding: .fixed(1), value: 1)
        let end = Element(name: "memory_management_control_operation", coding: .ue, value: 0)
        elements[markingRange] = [flag] + kept.flatMap(\.elements) + [end]
        commands = kept
    }
}
