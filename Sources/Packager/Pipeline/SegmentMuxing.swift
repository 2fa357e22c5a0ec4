import Foundation

/// One output presentation's muxer as the segment assembler drives it: libavformat's
/// (`SegmentMuxer`) or pkgctl's own fMP4 one (`FragmentedMP4Muxer`).
protocol SegmentMuxing: AnyObject {
    /// Whether the next segment can go straight into a file or spool.
    var writesStraightThrough: Bool { get }
    /// Size of the last segment when it went into a file or spool (its Data is then empty).
    var lastFileSize: Int? { get }
    /// The spool holding the last segment, when it went into one.
    var lastSpool: SegmentSpool? { get }
    /// The fMP4 init segment, once the first segment closed.
    var initSegment: Data? { get }
    func beginSegment(path: String?, spool: SegmentSpool?) throws
    /// Writes `packet` to output stream `output`, shifted back by `shiftTicks` (90 kHz); false
    /// for a packet dropped as damaged (PTS before DTS).
    @discardableResult
    func write(_ packet: DemuxedPacket, output: Int, shiftTicks: Int64) throws -> Bool
    func endSegment() throws -> Data
    /// Live, the segment's end near: the open fMP4 fragment is written and synced now, so that
    /// the fragment the segment's end writes is short. Nothing for other muxers.
    func closeFragmentEarly() throws
}

extension SegmentMuxing {
    func closeFragmentEarly() throws {}
}

extension SegmentMuxer: SegmentMuxing {}
