import Foundation

/// An EXT-X-STREAM-INF against what its segments measured (HLS §4.4.6.2):
/// - CODECS MUST list every sample format present (error); a format no segment carries
///   makes players refuse or mis-configure the variant (warning);
/// - RESOLUTION and FRAME-RATE describe the video (warning when they do not);
/// - BANDWIDTH is the peak and AVERAGE-BANDWIDTH the average segment bit rate of the media
///   playlist plus the largest of its AUDIO renditions, within 10 % (the tolerance of
///   Apple's mediastreamvalidator). Below the measured rate players pick a variant the
///   network cannot carry: an error once every segment exists (EXT-X-ENDLIST), a warning
///   for a live playlist, whose value is a representative one. Above it is only a warning,
///   and only for VOD: a live window's rate is one sample of the channel's.
struct VariantMediaRule {
    static let bandwidthTolerance = 0.10

    func check(streamInf: PlaylistTag, in master: Playlist, media: MediaSummary, audio: [MediaSummary],
               complete: Bool = true) -> [Finding] {
        guard let attributes = streamInf.attributes else { return [] }
        var findings: [Finding] = []
        func add(_ rule: RuleID, _ severity: Severity, _ message: String, breaks: [Player] = []) {
            findings.append(Finding(file: master.file, line: streamInf.line, rule: rule, severity: severity,
                                    message: message, breaks: breaks))
        }
        let measured = media.codecs + audio.flatMap(\.codecs)
        if let declared = attributes["CODECS"]?.value, !measured.isEmpty {
            let listed = Set(declared.split(separator: ",").map { $0.trimmingCharacters.lowercased() })
            let found = Set(measured.map { $0.lowercased() })
            for codec in measured where !listed.contains(codec.lowercased()) {
                add(.mediaCodecs, .error, "segments carry \(codec) but CODECS=\"\(declared)\" does not list it", breaks: [.hlsJS, .avFoundation])
            }
            for codec in declared.split(separator: ",").map({ $0.trimmingCharacters }) where !found.contains(codec.lowercased()) {
                add(.mediaCodecs, .warning, "CODECS lists \(codec), which no segment carries (they carry \(measured.joined(separator: ",")))")
            }
        }
        if let resolution = attributes["RESOLUTION"]?.value, let width = media.width, let height = media.height,
           resolution != "\(width)x\(height)" {
            add(.mediaResolution, .warning, "RESOLUTION=\(resolution) but the video is \(width)x\(height)")
        }
        if let text = attributes["FRAME-RATE"]?.value, let declared = Double(text), let rate = media.frameRate,
           abs(declared - rate) > 0.0015 {
            add(.mediaFrameRate, .warning, "FRAME-RATE=\(text) but the video runs at \(String(format: "%.3f", rate)) frames per second")
        }
        if let peak = media.peakBitsPerSecond, let text = attributes["BANDWIDTH"]?.value, let declared = Int(text) {
            let total = peak + (audio.compactMap(\.peakBitsPerSecond).max() ?? 0)
            if let (severity, message) = deviation("BANDWIDTH", declared: declared, measured: total,
                                                   what: "peak segment bit rate", complete: complete) {
                add(.mediaBandwidth, severity, message, breaks: declared < total ? [.hlsJS, .avFoundation] : [])
            }
        }
        if let average = media.averageBitsPerSecond, let text = attributes["AVERAGE-BANDWIDTH"]?.value, let declared = Int(text) {
            let total = average + (audio.compactMap(\.averageBitsPerSecond).max() ?? 0)
            if let (severity, message) = deviation("AVERAGE-BANDWIDTH", declared: declared, measured: total,
                                                   what: "average segment bit rate", complete: complete) {
                add(.mediaAverageBandwidth, severity, message)
            }
        }
        return findings
    }

    private func deviation(_ name: String, declared: Int, measured: Int, what: String,
                           complete: Bool) -> (Severity, String)? {
        guard measured > 0 else { return nil }
        let ratio = Double(declared) / Double(measured)
        guard abs(ratio - 1) > Self.bandwidthTolerance else { return nil }
        let below = declared < measured
        guard below || complete else { return nil }
        let percent = Int((abs(ratio - 1) * 100).rounded())
        let message = "\(name)=\(declared) is \(percent) % \(below ? "below" : "above") the measured \(what) \(measured) (tolerance 10 %)"
        return (below && complete ? .error : .warning, message)
    }
}

private extension Substring {
    var trimmingCharacters: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
