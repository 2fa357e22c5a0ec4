import CueDetect

/// One program_map_section as received, with what the indexer and writer need of it: the kinds
/// of its elementary streams and the section to re-send at every segment start.
///
/// CueDetect's `ProgramMap` answers the cue questions but drops the descriptors (languages,
/// DVB subtitling/teletext/AC-3 descriptors) that a remux must keep; this keeps the raw section.
public struct TSProgramTable: Equatable, Sendable {
    public struct Stream: Equatable, Sendable {
        public var pid: Int
        public var streamType: UInt8
        public var kind: TSAccessUnit.Kind
        /// The start-code syntax to find keyframes in, for video.
        public var nalSyntax: TSNALSyntax?
    }

    public var pmtPID: Int
    public var programNumber: Int
    public var version: Int
    public var pcrPID: Int
    public var streams: [Stream]
    /// The section as received (table_id through CRC_32).
    public var section: [UInt8]

    static let videoTypes: Set<UInt8> = [0x01, 0x02, 0x10, 0x1B, 0x20, 0x24, 0x42, 0xD1, 0xEA]
    static let audioTypes: Set<UInt8> = [0x03, 0x04, 0x0F, 0x11, 0x1C, 0x81, 0x87]
    /// DVB descriptors that make a stream_type 0x06 PES audio: AC-3, E-AC-3, DTS, AAC.
    static let audioDescriptorTags: Set<UInt8> = [0x6A, 0x7A, 0x7B, 0x7C]
    static let cueiRegistration: [UInt8] = [0x05, 0x04, 0x43, 0x55, 0x45, 0x49]

    /// Parses a whole section with table_id 0x02; nil when it is not a well-formed PMT.
    init?(section s: [UInt8], pid: Int) {
        guard s.count >= 16, s[0] == 0x02, CRC32MPEG2.checksum(s) == 0 else { return nil }
        let end = s.count - 4
        let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        guard 12 + infoLength <= end else { return nil }
        var streams: [Stream] = []
        var i = 12 + infoLength
        while i + 5 <= end {
            let type = s[i], esPID = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
            let esLength = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
            guard i + 5 + esLength <= end else { return nil }
            let tags = Self.descriptors(s, from: i + 5, to: i + 5 + esLength)
            streams.append(Stream(pid: esPID, streamType: type, kind: Self.kind(type: type, tags: tags),
                                  nalSyntax: type == 0x1B || type == 0x20 ? .h264 : type == 0x24 ? .hevc : nil))
            i += 5 + esLength
        }
        pmtPID = pid
        programNumber = Int(s[3]) << 8 | Int(s[4])
        version = Int(s[5] >> 1) & 0x1F
        pcrPID = Int(s[8] & 0x1F) << 8 | Int(s[9])
        self.streams = streams
        section = s
    }

    /// The kind of an ES, with the same SCTE-35 rule as CueDetect's `ProgramMap.scte35PIDs`:
    /// stream_type 0x86, a `CUEI` registration or a cue_identifier_descriptor in the ES loop.
    private static func kind(type: UInt8, tags: [(UInt8, ArraySlice<UInt8>)]) -> TSAccessUnit.Kind {
        if type == 0x86 || tags.contains(where: { $0.0 == 0x8A || ($0.0 == 0x05 && Array($0.1.prefix(4)) == [0x43, 0x55, 0x45, 0x49]) }) {
            return .scte35
        }
        if videoTypes.contains(type) { return .video }
        if audioTypes.contains(type) || (type == 0x06 && tags.contains { audioDescriptorTags.contains($0.0) }) {
            return .audio
        }
        return .other
    }

    private static func descriptors(_ s: [UInt8], from: Int, to: Int) -> [(UInt8, ArraySlice<UInt8>)] {
        var out: [(UInt8, ArraySlice<UInt8>)] = []
        var i = from
        while i + 2 <= to {
            let length = Int(s[i + 1])
            guard i + 2 + length <= to else { break }
            out.append((s[i], s[(i + 2)..<(i + 2 + length)]))
            i += 2 + length
        }
        return out
    }

    /// The section to write: the input's, with a program-loop `CUEI` registration added when an
    /// ES has stream_type 0x86 and the program loop lacks one — FFmpeg 5.1's demuxer (and so
    /// every libavformat-based player tool) only exposes SCTE-35 with it there, and SCTE 35
    /// §8.1 allows it in either loop. Everything else (every ES and descriptor) is kept.
    public var outputSection: [UInt8] { outputSection(dropping: []) }

    /// The same without the ES entries of `dropped` (one rendition's output of an input that
    /// carries several video streams keeps only its own); PCR_PID is kept even when dropped, as
    /// the writer then sends that PID's PCRs on their own (a PCR PID need not carry an ES).
    public func outputSection(dropping dropped: Set<Int>) -> [UInt8] {
        let s = section
        let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        let program = Array(s[12..<(12 + infoLength)])
        let needsCUEI = streams.contains { $0.streamType == 0x86 }
            && !Self.descriptors(s, from: 12, to: 12 + infoLength).contains {
                $0.0 == 0x05 && Array($0.1.prefix(4)) == [0x43, 0x55, 0x45, 0x49]
            }
        let dropsAny = streams.contains { dropped.contains($0.pid) }
        guard needsCUEI || dropsAny else { return s }
        let info = needsCUEI ? program + Self.cueiRegistration : program
        var esLoop: [UInt8] = []
        var i = 12 + infoLength
        while i + 5 <= s.count - 4 {
            let pid = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
            let length = 5 + (Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4]))
            if !dropped.contains(pid) { esLoop += s[i..<min(i + length, s.count - 4)] }
            i += length
        }
        var out = Array(s[0..<10])
        out += [0xF0 | UInt8(info.count >> 8), UInt8(info.count & 0xFF)]
        out += info
        out += esLoop
        let sectionLength = out.count - 3 + 4
        out[1] = (s[1] & 0xF0) | UInt8(sectionLength >> 8)
        out[2] = UInt8(sectionLength & 0xFF)
        let crc = CRC32MPEG2.checksum(out)
        out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return out
    }
}

/// program_association_section: program_number → PMT PID (the network PID entry skipped).
struct TSProgramAssociation: Equatable {
    var pmtPIDs: [Int: Int]
    var section: [UInt8]

    init?(section s: [UInt8]) {
        guard s.count >= 12, s[0] == 0x00, CRC32MPEG2.checksum(s) == 0 else { return nil }
        var map: [Int: Int] = [:]
        var i = 8
        while i + 4 <= s.count - 4 {
            let program = Int(s[i]) << 8 | Int(s[i + 1])
            if program != 0 { map[program] = Int(s[i + 2] & 0x1F) << 8 | Int(s[i + 3]) }
            i += 4
        }
        pmtPIDs = map
        section = s
    }
}
