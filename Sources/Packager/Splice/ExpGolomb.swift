import Primitives
import CueDetect

/// ue(v) Exp-Golomb codes (H.264 §9.1, HEVC §9.2) on the project's one bit reader.
extension BitReader {
    mutating func unsignedExpGolomb(_ field: String) throws -> UInt32 {
        var leadingZeros = 0
        while try !flag(field) {
            leadingZeros += 1
            // 32 leading zeros would already overflow any syntax element these codecs define.
            guard leadingZeros < 32 else { throw ExpGolombError(field: field, byteOffset: byteOffset) }
        }
        let suffix = try bits(leadingZeros, field)
        return UInt32((1 << UInt64(leadingZeros)) - 1 + suffix)
    }
}

/// An Exp-Golomb code longer than 32 bits: no H.264/HEVC syntax element has one, so the data is bad.
struct ExpGolombError: Error, CustomStringConvertible {
    var field: String
    var byteOffset: Int
    var description: String { "\(field) at byte \(byteOffset): Exp-Golomb code longer than 32 bits" }
}
