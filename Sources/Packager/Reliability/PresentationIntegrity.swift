/// Why a converted presentation is not published: damaged input can leave a conversion with
/// nothing to play, and a playlist naming no segment (or an empty one) passes as "done" when it is
/// not — the run must fail and say which input it was.
public enum PresentationIntegrityError: Error, CustomStringConvertible, Equatable {
    case noSegment(input: String, playlist: String)
    case emptySegment(input: String, playlist: String, uri: String, durationTicks: Int64, bytes: Int)

    public var description: String {
        switch self {
        case let .noSegment(input, playlist):
            return "'\(input)' gave no media segment for \(playlist) (the input may be damaged or hold no decodable video); nothing was published"
        case let .emptySegment(input, playlist, uri, ticks, bytes):
            return "'\(input)' gave an empty segment \(playlist)/\(uri) (\(Double(ticks) / 90_000) s, \(bytes) bytes); nothing was published"
        }
    }
}

/// The last check of a VOD conversion before anything is committed: every primary rendition has
/// a segment, and no segment (primary or asset piece) lasts zero ticks or holds zero bytes.
enum PresentationIntegrity {
    static func check(_ collector: VodCollector, renditions: Int, input: String) throws {
        for r in 0..<max(1, renditions) {
            let playlist = OutputLayout.rendition(r)
            guard let segments = collector.primaries[r], !segments.isEmpty else {
                throw PresentationIntegrityError.noSegment(input: input, playlist: playlist)
            }
            try checkEach(segments, playlist: playlist, input: input)
        }
        for (key, pieces) in collector.pieces {
            try checkEach(pieces, playlist: collector.directory(for: .asset(key), rendition: 0) ?? "asset", input: input)
        }
    }

    private static func checkEach(_ segments: [VodCollector.Written], playlist: String, input: String) throws {
        for s in segments where s.durationTicks <= 0 || s.bytes <= 0 {
            throw PresentationIntegrityError.emptySegment(input: input, playlist: playlist, uri: s.uri,
                                                          durationTicks: s.durationTicks, bytes: s.bytes)
        }
    }
}
