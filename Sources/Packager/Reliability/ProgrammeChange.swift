/// An encoder failover seen in the input: the programme's PMT now lists other video or audio
/// streams (new PIDs, or a new codec on a PID). The old streams fall silent, so carrying on with
/// them would publish nothing; the live channel starts a new epoch on the new ones instead.
struct ProgrammeChange: Equatable {
    var old: [StreamInfo]
    var new: [StreamInfo]

    /// "0x100 h264 video" for each stream, for the log line.
    static func describe(_ streams: [StreamInfo]) -> String {
        streams.map { "0x" + String($0.id, radix: 16) + " \($0.codecName) \($0.kind.rawValue)" }.joined(separator: ", ")
    }
}

/// Follows the programme's media streams through PMT changes. A change is noticed when the
/// stream table changes and taken once the new programme can be muxed: from the first keyframe
/// of its leading video (nothing before it can start a segment) and once every new audio stream
/// showed a frame header (libavformat never probed these streams). Packets from that keyframe on
/// wait here meanwhile, so none is lost.
struct ProgrammeWatch {
    private(set) var current: [StreamInfo]
    private(set) var pending: [StreamInfo]?
    /// Packets of the pending programme, from its first video keyframe on.
    private(set) var waiting: [DemuxedPacket] = []
    /// The first bytes of a packet of each pending audio stream.
    private(set) var headers: [Int: [UInt8]] = [:]
    /// More packets than this waiting: switch without the missing audio headers.
    static let maximumWaiting = 1_000

    init(media: [StreamInfo]) {
        current = media
    }

    /// The stream table changed; `programme` is what the latest PMT lists (nil: no programmes).
    mutating func tableChanged(all: [StreamInfo], programme: Set<Int>?) {
        let media = all.filter { ($0.kind == .video || $0.kind == .audio) && (programme?.contains($0.index) ?? true) }
        let same = media.map(Self.identity) == current.map(Self.identity)
        pending = same || !media.contains(where: { $0.kind == .video }) ? nil : media
        waiting = []
        headers = [:]
    }

    /// Offers a packet; true when it belongs to the pending programme (kept or dropped here).
    mutating func offer(_ packet: DemuxedPacket) -> Bool {
        guard let next = pending, let stream = next.first(where: { $0.index == packet.streamIndex }) else { return false }
        if stream.kind == .audio, headers[stream.index] == nil { headers[stream.index] = packet.prefix(7) }
        if !waiting.isEmpty || (stream.index == next.first(where: { $0.kind == .video })?.index && packet.isKeyframe) {
            waiting.append(packet)
        }
        return true
    }

    /// The change, once the pending programme is ready (its waiting packets go with it).
    mutating func takeReady() -> (change: ProgrammeChange, packets: [DemuxedPacket])? {
        guard let next = pending, !waiting.isEmpty else { return nil }
        let audioReady = next.filter { $0.kind == .audio }.allSatisfy { headers[$0.index] != nil }
        guard audioReady || waiting.count > Self.maximumWaiting else { return nil }
        defer {
            current = next
            pending = nil
            waiting = []
        }
        return (ProgrammeChange(old: current, new: next), waiting)
    }

    private static func identity(_ s: StreamInfo) -> String { "\(s.index) \(s.id) \(s.codecName)" }
}
