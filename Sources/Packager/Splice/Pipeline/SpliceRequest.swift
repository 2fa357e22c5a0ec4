/// A span edge the splicer cuts at: where a routed or nested span starts or ends, in input
/// ticks (90 kHz), as the span decisions give it.
struct SpliceRequest: Equatable, Sendable {
    enum Edge: String, Sendable { case start, end }

    var key: Int
    var spanID: String
    var edge: Edge
    var ticks: Int64
    /// A live span's planned end, held for before any end decision says so (an auto-return is
    /// only decided when the video passes it, too late to keep the GOP before it).
    var tentative = false

    var label: String { "\(spanID) \(edge.rawValue)" }
}
