/// Why a stitched presentation cannot be analysed: each case names the playlist line(s) (or
/// override entry) involved and what is wrong; the caller adds the playlist's name.
public enum StitchedAnalysisError: Error, CustomStringConvertible, Equatable {
    /// A cue tag that cannot be read.
    case malformedTag(line: Int, tag: String, reason: String)
    /// A cue tag that opens or closes nothing it could pair with.
    case unpaired(line: Int, tag: String, reason: String)
    /// Two cue dialects that say different things about the same stretch.
    case contradiction(line: Int, tag: String, otherLine: Int, otherTag: String, reason: String)
    /// An entry of the override file that does not apply.
    case override(entry: Int, reason: String)

    public var line: Int? {
        switch self {
        case let .malformedTag(line, _, _), let .unpaired(line, _, _), let .contradiction(line, _, _, _, _): return line
        case .override: return nil
        }
    }

    public var description: String {
        switch self {
        case let .malformedTag(line, tag, reason): return "line \(line): malformed \(tag): \(reason)"
        case let .unpaired(line, tag, reason): return "line \(line): \(tag) \(reason)"
        case let .contradiction(line, tag, otherLine, otherTag, reason):
            return "line \(line): \(tag) contradicts line \(otherLine) (\(otherTag)): \(reason)"
        case let .override(entry, reason): return "override entry \(entry): \(reason)"
        }
    }
}
