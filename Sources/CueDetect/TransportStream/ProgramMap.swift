/// One elementary stream of a PMT.
public struct ElementaryStream: Equatable, Sendable {
    public var pid: Int
    public var streamType: UInt8
    /// format_identifier of registration descriptors (tag 0x05) in the ES loop, e.g. "CUEI".
    public var registrations: [String]
    /// cue_identifier_descriptor (tag 0x8A) cue_stream_type, if present.
    public var cueStreamType: UInt8?

    public var isVideo: Bool { ProgramMap.videoStreamTypes.contains(streamType) }
}

/// A decoded program_map_section, reduced to what cue detection needs.
public struct ProgramMap: Equatable, Sendable {
    public var pmtPID: Int
    public var programNumber: Int
    public var version: Int
    public var pcrPID: Int
    /// Registration format identifiers in the program_info loop.
    public var programRegistrations: [String]
    public var streams: [ElementaryStream]

    static let videoStreamTypes: Set<UInt8> = [0x01, 0x02, 0x10, 0x1B, 0x24, 0x42, 0xD1, 0xEA]

    /// PIDs that can carry splice_info_sections: stream_type 0x86 (with or without any
    /// registration), or any stream registered as `CUEI` in its ES loop, or carrying a
    /// cue_identifier_descriptor. Encoders disagree on where the registration goes.
    public var scte35PIDs: [Int] {
        streams.filter { $0.streamType == 0x86 || $0.registrations.contains("CUEI") || $0.cueStreamType != nil }
            .map(\.pid)
    }

    /// Whether FFmpeg 5.1's mpegts demuxer exposes `pid` as an `scte_35` data stream: only
    /// for stream_type 0x86 with a `CUEI` registration in the *program* loop (mpegts.c).
    public func libavformatExposesSCTE35(pid: Int) -> Bool {
        programRegistrations.contains("CUEI") && streams.contains { $0.pid == pid && $0.streamType == 0x86 }
    }

    public var videoPID: Int? { streams.first(where: \.isVideo)?.pid }

    /// Parses a whole program_map_section (table_id 0x02). Returns nil for anything that is not
    /// a well-formed PMT; the caller just keeps the previous map.
    public static func parse(_ s: [UInt8], pid: Int) -> ProgramMap? {
        guard s.count >= 16, s[0] == 0x02 else { return nil }
        let end = s.count - 4                                  // before CRC_32
        let programNumber = Int(s[3]) << 8 | Int(s[4])
        let version = Int(s[5] >> 1) & 0x1F
        let pcrPID = Int(s[8] & 0x1F) << 8 | Int(s[9])
        let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        guard 12 + infoLength <= end else { return nil }
        let program = descriptors(s, from: 12, to: 12 + infoLength)
        var streams: [ElementaryStream] = []
        var i = 12 + infoLength
        while i + 5 <= end {
            let type = s[i]
            let esPID = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
            let esLength = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
            guard i + 5 + esLength <= end else { return nil }
            let d = descriptors(s, from: i + 5, to: i + 5 + esLength)
            streams.append(ElementaryStream(pid: esPID, streamType: type, registrations: d.registrations,
                                            cueStreamType: d.cueStreamType))
            i += 5 + esLength
        }
        return ProgramMap(pmtPID: pid, programNumber: programNumber, version: version, pcrPID: pcrPID,
                          programRegistrations: program.registrations, streams: streams)
    }

    private static func descriptors(_ s: [UInt8], from: Int, to: Int) -> (registrations: [String], cueStreamType: UInt8?) {
        var registrations: [String] = []
        var cue: UInt8?
        var i = from
        while i + 2 <= to {
            let tag = s[i], length = Int(s[i + 1])
            guard i + 2 + length <= to else { break }
            if tag == 0x05, length >= 4 {
                let id = s[(i + 2)..<(i + 6)].map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." }
                registrations.append(String(id))
            } else if tag == 0x8A, length >= 1 {
                cue = s[i + 2]
            }
            i += 2 + length
        }
        return (registrations, cue)
    }
}

/// program_association_section: program_number → PMT PID (network PID entries skipped).
enum ProgramAssociation {
    static func parse(_ s: [UInt8]) -> [Int: Int]? {
        guard s.count >= 12, s[0] == 0x00 else { return nil }
        var map: [Int: Int] = [:]
        var i = 8
        while i + 4 <= s.count - 4 {
            let program = Int(s[i]) << 8 | Int(s[i + 1])
            let pid = Int(s[i + 2] & 0x1F) << 8 | Int(s[i + 3])
            if program != 0 { map[program] = pid }
            i += 4
        }
        return map
    }
}
