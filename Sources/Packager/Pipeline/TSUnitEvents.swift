/// Turns the TS indexer's access units into pipeline events, for both byte-level sources (a
/// mapped file, a live stream): the probed first video stream leads, every video stream is a
/// rendition of its own, audio is audio, every other PID passes through by position.
struct TSUnitEvents {
    /// Roles by PID (all 8192, nil: passthrough). An array, read twice per access unit.
    private let roles: [MediaPacket.Role?]
    private(set) var lastVideoEnd: Int64?
    private(set) var firstVideoPTS: Int64?

    init(streams: InputStreams) {
        var roles = [MediaPacket.Role?](repeating: nil, count: 8192)
        for (k, video) in streams.videos.enumerated() where (0..<8192).contains(video.id) {
            roles[video.id] = .video(rendition: k)
        }
        for audio in streams.audio where (0..<8192).contains(audio.id) { roles[audio.id] = .audio }
        self.roles = roles
    }

    func isLeadingVideo(_ unit: TSAccessUnit) -> Bool {
        unit.kind == .video && roles[unit.pid] == .video(rendition: 0)
    }

    mutating func event(_ unit: TSAccessUnit) -> PipelineEvent {
        let media = packet(unit)
        note(media)
        return .packet(media)
    }

    func packet(_ unit: TSAccessUnit) -> MediaPacket {
        let role = roles[unit.pid] ?? .passthrough
        let pts = unit.pts ?? unit.dts ?? lastVideoEnd ?? 0
        let dts = unit.dts ?? pts
        // Video and audio without a timestamp cannot be placed by time: they go by position.
        let placed: MediaPacket.Role = unit.pts == nil && role != .passthrough ? .passthrough : role
        return MediaPacket(unit: unit, role: placed, pts: pts, dts: dts)
    }

    /// The leading video's extent, from a packet that goes on.
    mutating func note(_ media: MediaPacket) {
        guard media.role == .video(rendition: 0) else { return }
        let end = media.pts + max(media.duration, 0)
        lastVideoEnd = max(lastVideoEnd ?? end, end)
        firstVideoPTS = min(firstVideoPTS ?? media.pts, media.pts)
    }
}
