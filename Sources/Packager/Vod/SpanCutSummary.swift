/// Where the cut planner put one routed span's media, gathered from its cut records: the
/// keyframes it starts and ends at, its place on the primary, its pieces (one per nested span
/// and per stretch between them), or why it got none.
struct SpanCutSummary: Equatable {
    struct Piece: Equatable {
        var key: AssetKey
        var inTicks: Int64
        var outTicks: Int64?
    }

    var cutIn: Int64?
    var cutOut: Int64?
    /// Primary-timeline position of the interstitial (strip: after earlier removals).
    var position: Int64?
    var skipped: String?
    var pieces: [Piece] = []

    /// Every routed span's summary, by key.
    static func gather(_ records: [CutRecord]) -> [Int: SpanCutSummary] {
        var result: [Int: SpanCutSummary] = [:]
        for record in records {
            switch record {
            case let .spanIn(key, input, primary):
                result[key, default: .init()].cutIn = input
                result[key, default: .init()].position = primary
            case let .spanOut(key, input, _):
                result[key, default: .init()].cutOut = input
            case let .pieceIn(asset, input):
                result[asset.span, default: .init()].pieces.append(Piece(key: asset, inTicks: input))
            case let .pieceOut(asset, input):
                if let i = result[asset.span]?.pieces.firstIndex(where: { $0.key == asset }) {
                    result[asset.span]?.pieces[i].outTicks = input
                }
            case let .skipped(key, reason):
                result[key, default: .init()].skipped = reason
            case .targetDuration, .cutWithoutKeyframe:
                break
            }
        }
        return result
    }
}
