import CueDetect
import Primitives

/// `mp4a.40.<audio object type>` (RFC 6381 §3.3, ISO/IEC 14496-3 object types).
enum AACCodecString {
    static func make(_ codec: CodecDescription) -> String? {
        guard let objectType = codec.audioObjectType ?? objectType(audioSpecificConfig: codec.extradata)
                ?? fromFFmpegProfile(codec.profile)
        else { return nil }
        return "mp4a.40.\(objectType)"
    }

    /// audioObjectType: 5 bits, where 31 escapes to 32 + the next 6 bits.
    static func objectType(audioSpecificConfig bytes: [UInt8]) -> Int? {
        var reader = BitReader(bytes)
        guard let first = try? reader.bits(5, "audioObjectType"), first != 0 else { return nil }
        guard first == 31 else { return Int(first) }
        guard let extended = try? reader.bits(6, "audioObjectTypeExt") else { return nil }
        return 32 + Int(extended)
    }

    /// FFmpeg's FF_PROFILE_AAC_* numbers are the object type minus one (LOW 1 → 2,
    /// HE 4 → 5 (SBR), HE_V2 28 → 29 (PS), LD 22 → 23, ELD 38 → 39).
    private static func fromFFmpegProfile(_ profile: Int) -> Int? {
        (0...94).contains(profile) ? profile + 1 : nil
    }
}
