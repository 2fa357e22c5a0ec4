import CFFmpeg
import Foundation

/// The first fMP4 segment of a muxer that writes several fragments per segment (live): only its
/// first fragment goes through libavformat's buffer. When that fragment closes, the init segment
/// is split off, our `FragmentWriter` is checked against it, and the fragment goes into the
/// segment's spool, followed by the rest of the segment as it is muxed. Without this, the first
/// segment after every start and discontinuity was written and fsynced whole after its last
/// packet: 11–14 ms between its end and its playlist at 4 Mb/s, against 3–5 ms for the others.
extension SegmentMuxer {
    /// Before `sample` goes to libavformat: splits the segment's first fragment off if `sample` is
    /// a video sample a fragment's length after the segment's first. True when it did.
    func splitFirstFragmentIfDue(before sample: AVPacket, output: Int) throws -> Bool {
        guard let out = firstSegmentOutput, let ctx = context, let limit = fragmentTicks, let fragments,
              fragments.tracks[output].kind == .video, let first = fragments.tracks[output].samples.first else { return false }
        let dts = sample.dts != pkgctl_nopts() ? sample.dts : sample.pts
        guard dts != pkgctl_nopts(), dts - first.dts >= limit else { return false }
        firstSegmentOutput = nil
        // With delay_moov the first flush writes ftyp+moov, the second the fragment.
        var flushed = av_write_frame(ctx, nil)
        if flushed >= 0 { flushed = av_write_frame(ctx, nil) }
        guard flushed >= 0 else { throw FFmpegError(operation: "flush the first fragment of", input: label, code: flushed) }
        avio_flush(ctx.pointee.pb)
        ctx.pointee.pb = nil
        let split = takeBufferSplittingInit()
        initSegment = split.initSegment
        takeOverFragments(ifTheyMatch: split.rest)
        try write(split.rest, to: out)
        if writesOwnFragments {
            fragmentOutput = out
        } else {
            // Our writer cannot stand in for libavformat on this stream: libavformat writes the
            // rest of the segment into a buffer again, added after the first fragment at its end.
            firstSegmentRest = out
            let opened = avio_open_dyn_buf(&buffer)
            guard opened >= 0 else { throw FFmpegError(operation: "open a segment buffer for", input: label, code: opened) }
            ctx.pointee.pb = buffer
        }
        return true
    }

    /// The first segment of a muxer our writer did not match: its first fragment is already in
    /// `output`, `rest` is what libavformat wrote after it.
    func finishFirstSegment(_ output: TSOutputFile, rest: Data) throws -> Data {
        try write(rest, to: output)
        let finished = output.handedOver
        (lastFileSize, lastSpool) = (finished.fileSize, finished.spool)
        return finished.bytes
    }

    private func write(_ data: Data, to output: TSOutputFile) throws {
        try data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 { try output.write(base, count: bytes.count) }
        }
    }
}
