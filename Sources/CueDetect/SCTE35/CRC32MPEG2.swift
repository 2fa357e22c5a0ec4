/// The MPEG-2 section CRC (ISO/IEC 13818-1 Annex A) that SCTE 35 uses for CRC_32:
/// polynomial 0x04C11DB7, initial value 0xFFFFFFFF, MSB first, no reflection, no final XOR.
/// Running it over a whole section including its CRC_32 yields 0.
public enum CRC32MPEG2 {
    @usableFromInline static let table: [UInt32] = (0 ..< 256).map { index in
        var crc = UInt32(index) << 24
        for _ in 0 ..< 8 {
            crc = (crc & 0x8000_0000) != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1
        }
        return crc
    }

    /// Inlinable so that callers in other modules get a loop specialized for their byte
    /// collection: unspecialized, every byte went through Sequence's witness table, and the PAT
    /// and PMT checks of `pkgctl vod` spent 8 % of its instructions here.
    @inlinable
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(byte))]
            }
            return crc
        }
    }
}
