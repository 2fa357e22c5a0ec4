/// EXT-X-BYTERANGE `n[@o]` (HLS §4.4.4.2) and EXT-X-MAP's BYTERANGE="n@o": a sub-range of
/// the resource; without `@o` it starts where the previous sub-range of the same resource ended.
struct ByteRange: Equatable {
    let length: Int
    let offset: Int?

    init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let length = parts.first.flatMap({ Int($0) }), length >= 0 else { return nil }
        self.length = length
        if parts.count == 2 {
            guard let offset = Int(parts[1]), offset >= 0 else { return nil }
            self.offset = offset
        } else {
            offset = nil
        }
    }

    /// The bytes of the range, or nil when it lies outside `bytes`.
    func slice(_ bytes: [UInt8], previousEnd: Int?) -> [UInt8]? {
        let start = offset ?? previousEnd ?? 0
        guard start <= bytes.count, length <= bytes.count - start else { return nil }
        return Array(bytes[start..<(start + length)])
    }
}
