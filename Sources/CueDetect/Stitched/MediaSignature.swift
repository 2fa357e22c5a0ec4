/// The media parameters that an SSAI splice changes when the inserted span was encoded apart
/// from the content: codec, picture size and rate, audio layout. Two segments with different
/// signatures cannot share one decoder configuration.
public struct MediaSignature: Equatable, Hashable, Sendable, CustomStringConvertible {
    public struct Audio: Equatable, Hashable, Sendable {
        public var codec: String
        public var sampleRate: Int
        public var channels: Int

        public init(codec: String, sampleRate: Int, channels: Int) {
            self.codec = codec
            self.sampleRate = sampleRate
            self.channels = channels
        }
    }

    public var videoCodec: String
    public var width: Int
    public var height: Int
    /// Frames per second as libavformat reports it (rounded to the millisecond-frame), 0 if unknown.
    public var frameRate: Double
    public var audio: [Audio]

    public init(videoCodec: String, width: Int, height: Int, frameRate: Double, audio: [Audio]) {
        self.videoCodec = videoCodec
        self.width = width
        self.height = height
        self.frameRate = (frameRate * 1000).rounded() / 1000
        self.audio = audio
    }

    public var description: String {
        var text = "\(videoCodec) \(width)x\(height)"
        if frameRate > 0 { text += " \(Self.number(frameRate)) fps" }
        for a in audio { text += ", \(a.codec) \(a.sampleRate) Hz \(a.channels) ch" }
        return text
    }

    /// What differs from `other`, in words ("640x360 instead of 1280x720").
    public func difference(from other: MediaSignature) -> String {
        var parts: [String] = []
        if videoCodec != other.videoCodec { parts.append("video codec \(videoCodec) instead of \(other.videoCodec)") }
        if width != other.width || height != other.height {
            parts.append("\(width)x\(height) instead of \(other.width)x\(other.height)")
        }
        if frameRate != other.frameRate {
            parts.append("\(Self.number(frameRate)) fps instead of \(Self.number(other.frameRate))")
        }
        if audio != other.audio {
            let mine = audio.map { "\($0.codec) \($0.sampleRate) Hz \($0.channels) ch" }.joined(separator: " + ")
            let theirs = other.audio.map { "\($0.codec) \($0.sampleRate) Hz \($0.channels) ch" }.joined(separator: " + ")
            parts.append("audio \(mine.isEmpty ? "none" : mine) instead of \(theirs.isEmpty ? "none" : theirs)")
        }
        return parts.joined(separator: ", ")
    }

    private static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
