import Foundation

/// The bytes of a segment ready to demux: fetched (whole or its byte range), decrypted when an
/// AES-128 key is in force, with its init segment (EXT-X-MAP) in front. Maps and keys are
/// fetched once. Every failure names the playlist line and URI of the segment.
final class SegmentLoader {
    let fetcher: HLSFetcher
    private var maps: [String: Data] = [:]
    private var keys: [URL: [UInt8]] = [:]

    init(fetcher: HLSFetcher) {
        self.fetcher = fetcher
    }

    func bytes(of segment: HLSSegment, in playlist: HLSMediaPlaylist) throws -> Data {
        func fail(_ reason: String) -> StitchedError {
            .segment(playlist: playlist.name, line: segment.line, uri: segment.uri, reason: reason)
        }
        var media: Data
        do {
            media = try fetcher.data(segment.url, range: segment.byteRange)
        } catch let StitchedError.unreadable(_, reason) {
            throw fail("cannot be read: \(reason)")
        }
        if let key = segment.key {
            let keyBytes = try self.key(key, playlist: playlist)
            do {
                media = try AES128Decryptor.decrypt(media, key: keyBytes,
                                                    iv: key.iv ?? AES128Decryptor.iv(mediaSequence: segment.mediaSequence))
            } catch let failure as AES128Decryptor.Failure {
                throw fail("cannot be decrypted with the key of line \(key.line): \(failure)")
            }
        }
        guard !media.isEmpty else { throw fail("is empty") }
        guard let map = segment.map else { return media }
        return try initSegment(map, playlist: playlist) + media
    }

    private func initSegment(_ map: HLSMap, playlist: HLSMediaPlaylist) throws -> Data {
        let id = map.url.absoluteString + (map.byteRange.map { "@\($0.offset)+\($0.length)" } ?? "")
        if let cached = maps[id] { return cached }
        do {
            let bytes = try fetcher.data(map.url, range: map.byteRange)
            maps[id] = bytes
            return bytes
        } catch let StitchedError.unreadable(resource, reason) {
            throw StitchedError.malformed(playlist: playlist.name, line: map.line, reason: "EXT-X-MAP '\(resource)' cannot be read: \(reason)")
        }
    }

    private func key(_ key: HLSKey, playlist: HLSMediaPlaylist) throws -> [UInt8] {
        guard let url = key.url else { throw StitchedError.malformed(playlist: playlist.name, line: key.line, reason: "EXT-X-KEY has no URI") }
        if let cached = keys[url] { return cached }
        do {
            let bytes = [UInt8](try fetcher.data(url))
            guard bytes.count == 16 else {
                throw StitchedError.malformed(playlist: playlist.name, line: key.line,
                                              reason: "the AES-128 key at '\(HLSFetcher.location(url))' is \(bytes.count) bytes, not 16")
            }
            keys[url] = bytes
            return bytes
        } catch let StitchedError.unreadable(resource, reason) {
            throw StitchedError.malformed(playlist: playlist.name, line: key.line,
                                          reason: "the AES-128 key '\(resource)' cannot be fetched: \(reason)")
        }
    }
}
