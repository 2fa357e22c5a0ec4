import Foundation

/// `EXT-X-BYTERANGE` / a map's BYTERANGE: `length` bytes from `offset`.
struct HLSByteRange: Equatable {
    var length: Int64
    var offset: Int64
}

/// `EXT-X-KEY` in force for a segment.
struct HLSKey: Equatable {
    var method: String
    var url: URL?
    /// The explicit IV, else derived from the media sequence number.
    var iv: [UInt8]?
    var line: Int
}

/// `EXT-X-MAP` in force for a segment (fMP4 init segment).
struct HLSMap: Equatable {
    var url: URL
    var byteRange: HLSByteRange?
    var line: Int
}

/// A cue-relevant tag as written, with its line, for the cue-tag reader.
struct HLSCueTag: Equatable {
    var name: String
    var value: String
    var line: Int
}

struct HLSSegment: Equatable {
    var index: Int
    var uri: String
    var url: URL
    /// Line of the URI.
    var line: Int
    var extinf: Double
    var byteRange: HLSByteRange?
    var discontinuity: Bool
    var map: HLSMap?
    var key: HLSKey?
    var programDateTimeMillis: Int64?
    var mediaSequence: Int
    /// Cue tags written before this segment's URI (after the previous one's).
    var cueTags: [HLSCueTag]

    var extinfTicks: Int64 { Int64((extinf * 90_000).rounded()) }
}

/// A media playlist as the stitched source reads it.
struct HLSMediaPlaylist: Equatable {
    var url: URL
    var name: String
    var version: Int?
    var targetDuration: Int?
    var mediaSequence: Int
    var discontinuitySequence: Int
    var endList: Bool
    var playlistType: String?
    var segments: [HLSSegment]
    /// Cue tags after the last segment (a CUE-IN at the very end).
    var trailingCueTags: [HLSCueTag]

    var isLive: Bool { !endList && playlistType != "VOD" }
}

/// A variant stream of a multivariant playlist.
struct HLSVariant: Equatable {
    var url: URL
    var line: Int
    var bandwidth: Int?
    var resolution: (width: Int, height: Int)?
    var codecs: String?
    var audioGroup: String?

    static func == (a: HLSVariant, b: HLSVariant) -> Bool {
        a.url == b.url && a.line == b.line && a.bandwidth == b.bandwidth && a.codecs == b.codecs && a.audioGroup == b.audioGroup
            && a.resolution?.width == b.resolution?.width && a.resolution?.height == b.resolution?.height
    }
}

/// An `EXT-X-MEDIA` rendition.
struct HLSRendition: Equatable {
    var type: String
    var groupID: String
    var name: String
    var url: URL?
    var line: Int
}

struct HLSMultivariantPlaylist: Equatable {
    var url: URL
    var name: String
    var variants: [HLSVariant]
    var renditions: [HLSRendition]
}

enum HLSPlaylist: Equatable {
    case media(HLSMediaPlaylist)
    case multivariant(HLSMultivariantPlaylist)
}
