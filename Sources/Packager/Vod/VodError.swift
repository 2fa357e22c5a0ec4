/// Why a VOD conversion stopped.
public enum VodError: Error, CustomStringConvertible {
    case output(path: String, reason: String)
    /// Segments of `input`'s presentation the sink gave up on (`first`: why the first failed).
    case unstored(input: String, failures: Int, first: String?)
    case startDate(reason: String)

    public var description: String {
        switch self {
        case let .output(path, reason):
            return "cannot write output '\(path)': \(reason)"
        case let .unstored(input, failures, first):
            return "the output of '\(input)' is incomplete: \(failures) segment(s) could not be stored"
                + (first.map { " (the first: \($0))" } ?? "") + "; no playlist was published"
        case let .startDate(reason):
            return "start date: \(reason)"
        }
    }
}
