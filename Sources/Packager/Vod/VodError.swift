/// Why a VOD conversion stopped.
public enum VodError: Error, CustomStringConvertible {
    case output(path: String, reason: String)
    case startDate(reason: String)

    public var description: String {
        switch self {
        case let .output(path, reason):
            return "cannot write output '\(path)': \(reason)"
        case let .startDate(reason):
            return "start date: \(reason)"
        }
    }
}
