/// Why a VOD conversion stopped.
public enum VodError: Error, CustomStringConvertible {
    case output(path: String, reason: String)
    /// A segment of `input`'s presentation the origin did not store (`first`: why), where the
    /// upload stopped (`HTTPSinkOptions.stopAfterFailure`).
    case unstored(input: String, first: String?)
    case startDate(reason: String)

    public var description: String {
        switch self {
        case let .output(path, reason):
            return "cannot write output '\(path)': \(reason)"
        case let .unstored(input, first):
            return "the output of '\(input)' is incomplete: the upload stopped at the first segment the origin did not store"
                + (first.map { " (\($0))" } ?? "") + "; no playlist was published"
        case let .startDate(reason):
            return "start date: \(reason)"
        }
    }
}
