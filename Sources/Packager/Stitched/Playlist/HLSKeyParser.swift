import Foundation
import Primitives

/// `EXT-X-KEY`: METHOD NONE clears the key; AES-128 needs a URI and may give an IV; other
/// methods (SAMPLE-AES) encrypt inside the media and cannot be stream-copied, so they are refused.
enum HLSKeyParser {
    static func key(_ attributes: [String: String], base: URL, line: Int,
                    fail: (Int, String) -> StitchedError) throws -> HLSKey? {
        guard let method = attributes["METHOD"] else { throw fail(line, "EXT-X-KEY needs a METHOD") }
        switch method {
        case "NONE":
            return nil
        case "AES-128":
            guard let uri = attributes["URI"], let url = HLSPlaylistParser.resolve(uri, against: base) else {
                throw fail(line, "EXT-X-KEY METHOD=AES-128 needs a URI")
            }
            var iv: [UInt8]?
            if let text = attributes["IV"] {
                guard text.hasPrefix("0x") || text.hasPrefix("0X"), let bytes = HexText.bytes(text), bytes.count <= 16 else {
                    throw fail(line, "EXT-X-KEY IV '\(text)' is not a 128-bit hexadecimal-sequence")
                }
                iv = Array(repeating: 0, count: 16 - bytes.count) + bytes
            }
            return HLSKey(method: method, url: url, iv: iv, line: line)
        default:
            throw fail(line, "EXT-X-KEY METHOD=\(method) encrypts inside the media samples; only AES-128 segments can be converted")
        }
    }
}
