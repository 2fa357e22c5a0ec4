/// A packet's bytes that are read where they lie only when something asks for them
/// (`TSUnitElementaryStream`: in the input's TS packets), so that a muxer that can take them
/// piece by piece copies them once, into its output.
protocol DeferredPacketBytes: AnyObject {
    /// The bytes in one array (what `DemuxedPacket` keeps once anything else asks for them).
    func gathered() -> [UInt8]
    /// The bytes in order, piece by piece, each valid only during its call.
    func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) throws
}
