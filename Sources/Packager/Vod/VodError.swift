/// Why a VOD conversion stopped.
public enum VodError: Error, CustomStringConvertible {
    case noVideo(input: String, streams: String)
    case output(path: String, reason: String)
    case startDate(reason: String)

    public var description: String {
        switch self {
        case let .noVideo(input, streams):
            return "'\(input)' has no video stream to segment (streams: \(streams.isEmpty ? "none" : streams))"
        case let .output(path, reason):
            return "cannot write output '\(path)': \(reason)"
        case let .startDate(reason):
            return "start date: \(reason)"
        }
    }
}
