import CFFmpeg
import Foundation

/// AES-128-CBC with PKCS#7 padding, as `EXT-X-KEY METHOD=AES-128` encrypts whole segments
/// (libavutil's AES; the key is fetched from the key URI by the caller).
enum AES128Decryptor {
    enum Failure: Error, CustomStringConvertible {
        case badKey(Int), badLength(Int), badPadding

        var description: String {
            switch self {
            case .badKey(let n): return "the key is \(n) bytes, not 16"
            case .badLength(let n): return "\(n) encrypted bytes are not whole 16-byte blocks"
            case .badPadding: return "the decrypted data does not end in PKCS#7 padding (wrong key or IV?)"
            }
        }
    }

    static func decrypt(_ data: Data, key: [UInt8], iv: [UInt8]) throws -> Data {
        guard key.count == 16 else { throw Failure.badKey(key.count) }
        guard data.count % 16 == 0, !data.isEmpty else { throw Failure.badLength(data.count) }
        guard let aes = av_aes_alloc() else { throw Failure.badLength(data.count) }
        defer { av_free(UnsafeMutableRawPointer(aes)) }
        av_aes_init(aes, key, 128, 1)
        var vector = iv
        var plain = [UInt8](repeating: 0, count: data.count)
        data.withUnsafeBytes { src in
            plain.withUnsafeMutableBufferPointer { dst in
                av_aes_crypt(aes, dst.baseAddress, src.bindMemory(to: UInt8.self).baseAddress, Int32(data.count / 16), &vector, 1)
            }
        }
        guard let pad = plain.last, pad >= 1, pad <= 16, plain.suffix(Int(pad)).allSatisfy({ $0 == pad }) else {
            throw Failure.badPadding
        }
        return Data(plain.dropLast(Int(pad)))
    }

    /// The IV HLS derives when the tag gives none: the media sequence number, big-endian in 128 bits.
    static func iv(mediaSequence: Int) -> [UInt8] {
        let n = UInt64(max(0, mediaSequence))
        return [UInt8](repeating: 0, count: 8) + (0..<8).map { UInt8((n >> (56 - 8 * UInt64($0))) & 0xFF) }
    }
}
