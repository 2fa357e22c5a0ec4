/// What the far side of an H.264 splice needs from its later packets when it resumed at an
/// open-GOP keyframe (see `H264ResumeRewriter`): pass every packet that follows the splice's
/// `after` on that output through `apply`, in decode order, until `isFinished` (the source's
/// next IDR; for x264 open-GOP sources, often never — the rewrite is a few bytes per slice).
final class SpliceContinuation {
    private let rewriter: H264ResumeRewriter
    private let input: String

    init(rewriter: H264ResumeRewriter, input: String) {
        self.rewriter = rewriter
        self.input = input
    }

    var isFinished: Bool { rewriter.isFinished }

    /// The packet as it goes out: the same object when nothing changes.
    func apply(_ packet: DemuxedPacket) throws -> DemuxedPacket {
        guard !rewriter.isFinished else { return packet }
        let bytes = packet.bytes
        let rewritten: [UInt8]
        do {
            rewritten = try rewriter.rewrite(bytes)
        } catch {
            throw VideoSpliceError.unsupportedFormat(input: input, reason: "\(error) (packet at PTS \(packet.pts.map(String.init) ?? "none"))")
        }
        guard rewritten != bytes else { return packet }
        guard let made = packet.withBytes(rewritten) else {
            throw VideoSpliceError.ffmpeg(FFmpegError(operation: "copy a rewritten packet of", input: input, code: -12))
        }
        return made
    }
}
