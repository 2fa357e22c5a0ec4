import Foundation

/// Failures of pkgctl's own live input reader (`LiveFileInput`).
public enum LiveInputError: Error, CustomStringConvertible, Equatable {
    case open(input: String, errno: Int32)
    case read(input: String, errno: Int32)
    /// The channel stopped the read: shutdown, or nothing arrived within the stall limit.
    case interrupted(input: String)

    public var description: String {
        switch self {
        case let .open(input, code): return "input '\(input)': cannot open it: \(String(cString: strerror(code)))"
        case let .read(input, code): return "input '\(input)': read failed: \(String(cString: strerror(code)))"
        case let .interrupted(input): return "input '\(input)': no data arrived before the read was stopped (input stalled, or shutdown)"
        }
    }
}
