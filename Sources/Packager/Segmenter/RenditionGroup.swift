import CueDetect

/// Every video rendition of one input, each with its own Segmenter (video k plus all audio).
/// They see the same spans and decide cuts by the same rule on their own keyframes, so
/// renditions whose GOPs are aligned — as an ABR encoder makes them — are cut at the same PTS.
/// The first rendition leads: its span routing is what the playlists and report describe.
final class RenditionGroup {
    let renditions: [Segmenter]
    let videoIndices: [Int]
    private let audioIndices: Set<Int>
    /// Video stream index → rendition.
    private let renditionOfVideo: [Int: Int]

    init(parameters: CodecParametersSnapshot, videoIndices: [Int], audioIndices: [Int],
         config: Segmenter.Configuration) throws {
        self.videoIndices = videoIndices
        self.audioIndices = Set(audioIndices)
        renditionOfVideo = Dictionary(uniqueKeysWithValues: videoIndices.enumerated().map { ($1, $0) })
        renditions = try videoIndices.enumerated().map { rendition, video in
            try Segmenter(parameters: parameters, videoIndex: video, audioIndices: audioIndices, config: config,
                          rendition: rendition)
        }
    }

    var leader: Segmenter { renditions[0] }
    var spans: [Int: RoutedSpan] { leader.spans }
    var firstVideoPTS: Int64? { leader.firstVideoPTS }
    var lastVideoEnd: Int64? { leader.lastVideoEnd }
    var droppedLeading: Int { renditions.reduce(0) { $0 + $1.droppedLeading } }

    func update(_ span: Span, placement: Placement) { renditions.forEach { $0.update(span, placement: placement) } }
    func forget(serial: Int) { renditions.forEach { $0.forget(serial: serial) } }
    func withdraw(serial: Int, reason: String) { renditions.forEach { $0.withdraw(serial: serial, reason: reason) } }

    /// Video goes to its rendition; audio (muxed into every rendition) to all of them.
    func consume(_ packet: DemuxedPacket, pts: Int64, dts: Int64) throws -> [FinishedSegment] {
        let index = packet.streamIndex
        if let k = renditionOfVideo[index] { return try renditions[k].consume(packet, pts: pts, dts: dts) }
        guard audioIndices.contains(index) else { return [] }
        if renditions.count == 1 { return try renditions[0].consume(packet, pts: pts, dts: dts) }
        return try renditions.flatMap { try $0.consume(packet, pts: pts, dts: dts) }
    }

    func finish() throws -> [FinishedSegment] { try renditions.flatMap { try $0.finish() } }
}
