/// Why a batch, or one step of a title outside the conversion itself, could not go on.
public enum BatchError: Error, CustomStringConvertible, Equatable {
    case jobsUnreadable(path: String, reason: String)
    case badShard(String)
    case inputUnreadable(input: String, reason: String)
    case http(method: String, url: String, reason: String)
    case fingerprintUnreadable(location: String, reason: String)
    case worker(reason: String)

    public var description: String {
        switch self {
        case let .jobsUnreadable(path, reason): return "cannot read JOBS '\(path)': \(reason)"
        case let .badShard(text): return "shard '\(text)' is not INDEX/COUNT with 0 <= INDEX < COUNT (for example 0/4)"
        case let .inputUnreadable(input, reason): return "cannot read input '\(input)': \(reason)"
        case let .http(method, url, reason): return "\(method) \(url): \(reason)"
        case let .fingerprintUnreadable(location, reason): return "fingerprint '\(location)': \(reason)"
        case let .worker(reason): return "worker process: \(reason)"
        }
    }
}
