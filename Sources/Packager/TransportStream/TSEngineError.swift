import Foundation

/// Failures of the byte-level TS path, naming the file and what the system said.
public enum TSEngineError: Error, CustomStringConvertible, Equatable {
    case open(path: String, errno: Int32)
    case map(path: String, offset: Int64, errno: Int32)
    case write(path: String, offset: Int64, errno: Int32)
    /// A unit's packets are no longer (or not yet) in the input window.
    case packetUnavailable(input: String, offset: Int64)
    case notStarted(output: String)

    public var description: String {
        switch self {
        case .open(let path, let e): return "\(path): cannot open: \(String(cString: strerror(e)))"
        case .map(let path, let offset, let e):
            return "\(path): cannot map bytes at offset \(offset): \(String(cString: strerror(e)))"
        case .write(let path, let offset, let e):
            return "\(path): cannot write at offset \(offset): \(String(cString: strerror(e)))"
        case .packetUnavailable(let input, let offset):
            return "\(input): the TS packet at byte offset \(offset) is not in the input window (released too early)"
        case .notStarted(let output): return "\(output): append before begin(segment:)"
        }
    }
}
