import CueDetect

/// The in-band cue stage of a demux loop: the TS scanner is fed by the tee (ahead of the
/// demuxer), libavformat's own `scte_35` packets are reconciled against it, and the assembler
/// resolves times against the video PES timeline. Used by batch scans and by the segmenting
/// pipelines alike.
final class InBandCueFeed {
    private var scanner = TSSectionScanner()
    private var events: [TSScanEvent] = []
    private var assembler = InBandCueAssembler()
    private var reconciler = SectionReconciler()

    var firstVideoTicks: Int64? { assembler.firstVideoTicks }
    var latestVideoTicks: Int64? { assembler.latestVideoTicks }
    var scanStats: TSScanStats { scanner.stats }
    var reconcileStats: SectionReconciler.Stats { reconciler.stats }
    /// Where the video clock first jumped, as the scan would find it (VOD re-reads such a file as
    /// stitched).
    private var clock = TimestampResetWatch()
    var timestampReset: TimestampReset? { clock.reset }
    /// Every byte of input seen so far (for progress).
    private(set) var bytesObserved: Int64 = 0

    /// The tee observer: bytes as libavformat reads them.
    func observe(_ bytes: UnsafeRawBufferPointer) {
        bytesObserved += Int64(bytes.count)
        scanner.feed(bytes, into: &events)
    }

    /// The scanner's events as a byte-level source's indexer found them in its own walk over
    /// `bytes` more bytes (`TSCueScan`), instead of a scan of them here.
    func take(_ scanned: [TSScanEvent], bytes: Int) {
        bytesObserved += Int64(bytes)
        events += scanned
    }

    /// Cues whose time became known since the last call, in arrival order.
    func drain() -> [DetectedCue] {
        guard !events.isEmpty else { return [] }
        var cues: [DetectedCue] = []
        for event in events {
            switch event {
            case .section(let s): reconciler.scannerSaw(s)
            case .videoPTS(let raw, _, _): clock.observe(raw: raw)
            default: break
            }
            cues += assembler.ingest(event)
        }
        events.removeAll(keepingCapacity: true)
        return cues
    }

    /// A section libavformat delivered on its `scte_35` stream; returned only if the scanner
    /// did not see it (then timed from the packet's PCR-based pts).
    private func libavformatSection(pid: Int, bytes: [UInt8], pts: Int64?) -> DetectedCue? {
        guard reconciler.libavformatDelivered(pid: pid, bytes: bytes) else { return nil }
        var cue = InBandCueAssembler.decode(bytes, origin: .transportStream(pid: pid),
                                            arrival: pts.map { UInt64(truncatingIfNeeded: $0) & ProgramClock.mask })
        let reference = assembler.latestVideoTicks ?? cue.arrivalPTS.map { Int64($0) } ?? 0
        cue.arrivalTicks = cue.arrivalPTS.map { ProgramClock.unwrap($0, near: reference) }
        cue.effectiveTicks = cue.splicePTS.map { ProgramClock.unwrap($0, near: reference) } ?? cue.arrivalTicks
        return cue
    }

    /// Stream index → PID of libavformat's `scte_35` streams.
    private var scte35Streams: [Int: Int] = [:]

    /// Learns which streams are libavformat's `scte_35` ones (again after the table grows).
    func track(_ streams: [StreamInfo]) {
        scte35Streams = Dictionary(uniqueKeysWithValues: streams.filter(\.isSCTE35).map { ($0.index, $0.id) })
    }

    /// True when `packet` is on a `scte_35` stream (it is then consumed here); its section is
    /// appended to `cues` only if the scanner did not already report it.
    func takeSection(_ packet: DemuxedPacket, into cues: inout [DetectedCue]) -> Bool {
        guard let pid = scte35Streams[packet.streamIndex] else { return false }
        if let cue = libavformatSection(pid: pid, bytes: packet.bytes, pts: packet.pts) { cues.append(cue) }
        return true
    }

    func finish() -> [DetectedCue] {
        let cues = drain() + assembler.finish()
        reconciler.finish()
        return cues
    }
}
