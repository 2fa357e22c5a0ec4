/// An output's segment format that cannot carry one of the input's streams (SMPTE 302M audio in
/// fMP4, say): named before libavformat refuses the header with a bare "Invalid argument".
struct SegmentCodecError: Error, CustomStringConvertible, Equatable {
    let output: String
    let format: SegmentMuxer.Format
    let stream: Int
    let codec: String
    let kind: String

    var description: String {
        let segments = format == .fmp4 ? "fMP4 segments" : "MPEG-TS segments"
        let other = format == .fmp4 ? "; MPEG-TS segments (--segment-format ts) may" : ""
        return "cannot write '\(output)': \(segments) cannot carry the input's \(kind) stream \(stream) (\(codec))\(other)"
    }
}
