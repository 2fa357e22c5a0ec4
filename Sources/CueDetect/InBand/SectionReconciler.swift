/// Keeps each splice_info_section reported once when two readers see the same input: the TS
/// scanner (every SCTE-35 PID, first, since it sees bytes as they are read) and libavformat's
/// `scte_35` stream (only PIDs with a program-level `CUEI` registration, some time later).
///
/// A demuxer packet is matched against the oldest scanner section with identical bytes on its
/// PID; only an unmatched one is new. Matching by occurrence, not by content alone, keeps
/// encoders' deliberate repeats of an identical cue.
public struct SectionReconciler: Sendable {
    public struct Stats: Equatable, Sendable, Codable {
        /// Seen by both readers.
        public var confirmed = 0
        /// Seen only by the scanner on PIDs libavformat does not expose (ES-loop CUEI, no CUEI).
        public var scannerOnly = 0
        /// Seen only by the scanner although libavformat exposes the PID (FFmpeg drops sections
        /// that arrive before its demuxer is initialised, or with repeated bad CRCs).
        public var missedByLibavformat = 0
        /// Delivered by libavformat but not seen by the scanner.
        public var libavformatOnly = 0

        public init(confirmed: Int = 0, scannerOnly: Int = 0, missedByLibavformat: Int = 0, libavformatOnly: Int = 0) {
            self.confirmed = confirmed
            self.scannerOnly = scannerOnly
            self.missedByLibavformat = missedByLibavformat
            self.libavformatOnly = libavformatOnly
        }
    }

    private var awaiting: [Int: [[UInt8]]] = [:]
    public private(set) var stats = Stats()
    /// How many unconfirmed sections to remember per PID before counting the oldest as missed.
    private let limit = 64

    public init() {}

    public mutating func scannerSaw(_ s: ScannedSection) {
        guard s.libavformatExposes else {
            stats.scannerOnly += 1
            return
        }
        awaiting[s.pid, default: []].append(s.bytes)
        if let count = awaiting[s.pid]?.count, count > limit {
            awaiting[s.pid]?.removeFirst()
            stats.missedByLibavformat += 1
        }
    }

    /// Returns true when the demuxer delivered a section the scanner did not report.
    public mutating func libavformatDelivered(pid: Int, bytes: [UInt8]) -> Bool {
        if let i = awaiting[pid]?.firstIndex(of: bytes) {
            stats.missedByLibavformat += i            // older ones were skipped by the demuxer
            awaiting[pid]?.removeFirst(i + 1)
            stats.confirmed += 1
            return false
        }
        stats.libavformatOnly += 1
        return true
    }

    /// End of input: whatever is still unconfirmed was missed by libavformat.
    public mutating func finish() {
        stats.missedByLibavformat += awaiting.values.reduce(0) { $0 + $1.count }
        awaiting.removeAll()
    }
}
