import Primitives

/// Encodes splice_info_sections (SCTE 35 2022b Tables 5, 10, 11, 20), the mirror of the
/// decoder: program-mode splice_insert, time_signal with segmentation descriptors, splice_null,
/// and the one edit a packager makes to a section in flight — a new pts_adjustment with the
/// CRC_32 recomputed. Output is always a clear (unencrypted) section with a valid CRC.
public enum SCTE35Encoder {
    /// One segmentation_descriptor in program segmentation mode, delivery not restricted.
    public struct Segmentation: Equatable, Sendable {
        public var eventID: UInt32
        public var typeID: UInt8
        /// segmentation_duration in 90 kHz ticks (40 bits).
        public var durationTicks: UInt64?
        public var upidType: UInt8
        public var upid: [UInt8]
        public var cancel: Bool
        public var segmentNum: UInt8
        public var segmentsExpected: UInt8

        public init(eventID: UInt32, typeID: UInt8, durationTicks: UInt64? = nil, upidType: UInt8 = 0, upid: [UInt8] = [],
                    cancel: Bool = false, segmentNum: UInt8 = 1, segmentsExpected: UInt8 = 1) {
            self.eventID = eventID
            self.typeID = typeID
            self.durationTicks = durationTicks
            self.upidType = upidType
            self.upid = upid
            self.cancel = cancel
            self.segmentNum = segmentNum
            self.segmentsExpected = segmentsExpected
        }
    }

    public static func spliceNull() -> [UInt8] { section(commandType: 0x00, command: []) }

    /// A program-mode splice_insert: an out (or in) point at `pts` (nil: immediate), optionally
    /// with a break_duration; or, with `cancel`, the cancel of event `eventID`.
    public static func spliceInsert(eventID: UInt32, out: Bool, pts: UInt64?, breakDurationTicks: UInt64? = nil,
                                    autoReturn: Bool = true, cancel: Bool = false, ptsAdjustment: UInt64 = 0) -> [UInt8] {
        var w = BitWriter()
        w.put(UInt64(eventID), bits: 32)
        w.flag(cancel)
        w.reserved(7)
        if !cancel {
            w.flag(out)
            w.flag(true)                            // program_splice_flag
            w.flag(breakDurationTicks != nil)
            w.flag(pts == nil)                      // splice_immediate_flag
            w.reserved(4)
            if let pts { w.append(spliceTime(pts)) }
            if let duration = breakDurationTicks {
                w.flag(autoReturn)
                w.reserved(6)
                w.put(duration, bits: 33)
            }
            w.put(UInt64(eventID & 0xFFFF), bits: 16)   // unique_program_id
            w.put(0, bits: 8)                        // avail_num
            w.put(0, bits: 8)                        // avails_expected
        }
        return section(commandType: 0x05, command: w.bytes, ptsAdjustment: ptsAdjustment)
    }

    /// A time_signal at `pts` (nil: immediate) carrying `segmentations`.
    public static func timeSignal(pts: UInt64?, segmentations: [Segmentation], ptsAdjustment: UInt64 = 0) -> [UInt8] {
        section(commandType: 0x06, command: spliceTime(pts), descriptors: segmentations.map(descriptor),
                ptsAdjustment: ptsAdjustment)
    }

    /// The whole section around a command and its descriptors; lengths and CRC_32 filled in.
    public static func section(commandType: UInt8, command: [UInt8], descriptors: [[UInt8]] = [],
                               ptsAdjustment: UInt64 = 0, sapType: UInt8 = 3) -> [UInt8] {
        var body = BitWriter()
        body.put(0, bits: 8)                                    // protocol_version
        body.flag(false)                                        // encrypted_packet
        body.put(0, bits: 6)                                    // encryption_algorithm
        body.put(ptsAdjustment & ProgramClock.mask, bits: 33)
        body.put(0xFF, bits: 8)                                 // cw_index
        body.put(0xFFF, bits: 12)                               // tier
        body.put(UInt64(command.count), bits: 12)
        body.put(UInt64(commandType), bits: 8)
        body.append(command)
        let loop = descriptors.flatMap { $0 }
        body.put(UInt64(loop.count), bits: 16)
        body.append(loop)
        var header = BitWriter()
        header.put(UInt64(SpliceInfoSection.tableID), bits: 8)
        header.flag(false)                                      // section_syntax_indicator
        header.flag(false)                                      // private_indicator
        header.put(UInt64(sapType & 3), bits: 2)
        header.put(UInt64(body.bytes.count + 4), bits: 12)
        return withCRC(header.bytes + body.bytes)
    }

    /// `bytes` with `delta` ticks added to its pts_adjustment (mod 2^33) and a new CRC_32, so its
    /// splice times move by `delta` (a primary re-timed by strip placement). nil for anything
    /// that is not a clear splice_info_section with a valid CRC (encrypted sections are left as
    /// they are: their CRC covers ciphertext this packager cannot re-create).
    public static func adjustingPTS(of bytes: [UInt8], by delta: Int64) -> [UInt8]? {
        guard bytes.count >= 17, bytes[0] == SpliceInfoSection.tableID, bytes[4] & 0x80 == 0,
              CRC32MPEG2.checksum(bytes) == 0 else { return nil }
        let old = UInt64(bytes[4] & 0x01) << 32 | UInt64(bytes[5]) << 24 | UInt64(bytes[6]) << 16
            | UInt64(bytes[7]) << 8 | UInt64(bytes[8])
        let new = UInt64(bitPattern: Int64(bitPattern: old) &+ delta) & ProgramClock.mask
        var out = Array(bytes.dropLast(4))
        out[4] = (out[4] & 0xFE) | UInt8(new >> 32)
        out[5] = UInt8(truncatingIfNeeded: new >> 24)
        out[6] = UInt8(truncatingIfNeeded: new >> 16)
        out[7] = UInt8(truncatingIfNeeded: new >> 8)
        out[8] = UInt8(truncatingIfNeeded: new)
        return withCRC(out)
    }

    private static func withCRC(_ bytes: [UInt8]) -> [UInt8] {
        var crc = BitWriter()
        crc.put(UInt64(CRC32MPEG2.checksum(bytes)), bits: 32)
        return bytes + crc.bytes
    }

    private static func spliceTime(_ pts: UInt64?) -> [UInt8] {
        var w = BitWriter()
        w.flag(pts != nil)
        if let pts {
            w.reserved(6)
            w.put(pts & ProgramClock.mask, bits: 33)
        } else {
            w.reserved(7)
        }
        return w.bytes
    }

    private static func descriptor(_ s: Segmentation) -> [UInt8] {
        var w = BitWriter()
        w.put(0x4355_4549, bits: 32)                            // CUEI
        w.put(UInt64(s.eventID), bits: 32)
        w.flag(s.cancel)
        w.reserved(7)
        if !s.cancel {
            w.flag(true)                                        // program_segmentation_flag
            w.flag(s.durationTicks != nil)
            w.flag(true)                                        // delivery_not_restricted_flag
            w.reserved(5)
            if let d = s.durationTicks { w.put(d, bits: 40) }
            w.put(UInt64(s.upidType), bits: 8)
            w.put(UInt64(s.upid.count), bits: 8)
            w.append(s.upid)
            w.append([s.typeID, s.segmentNum, s.segmentsExpected])
        }
        return [0x02, UInt8(w.bytes.count)] + w.bytes
    }
}
