/// HLS §8 as one table: each feature, the lowest EXT-X-VERSION that allows it, and how to
/// recognise it in a tag. `VersionRule` reads the table both to say a playlist's version is
/// too low and to advise that it could be lower, so the advice can never name a version
/// the rule itself would reject.
struct VersionFeature {
    let version: Int
    let name: String
    /// The tags that can carry the feature; nil = any tag with an attribute list.
    let tags: Set<String>?
    let present: (PlaylistTag, _ iFramesOnly: Bool) -> Bool

    init(version: Int, name: String, tags: Set<String>?, present: @escaping (PlaylistTag, Bool) -> Bool) {
        self.version = version
        self.name = name
        self.tags = tags
        self.present = present
    }

    static let table: [VersionFeature] = [
        VersionFeature(version: 2, name: "the IV attribute of EXT-X-KEY", tags: keyTags) { tag, _ in
            isKey(tag) && tag.attributes?["IV"] != nil
        },
        VersionFeature(version: 3, name: "a floating-point EXTINF", tags: ["#EXTINF"]) { tag, _ in
            guard tag.name == "#EXTINF", let value = tag.value else { return false }
            let duration = value.utf8.prefix { $0 != UInt8(ascii: ",") }
            return duration.contains(UInt8(ascii: "."))
        },
        VersionFeature(version: 4, name: "EXT-X-BYTERANGE", tags: ["#EXT-X-BYTERANGE"]) { tag, _ in tag.name == "#EXT-X-BYTERANGE" },
        VersionFeature(version: 4, name: "EXT-X-I-FRAMES-ONLY", tags: ["#EXT-X-I-FRAMES-ONLY"]) { tag, _ in tag.name == "#EXT-X-I-FRAMES-ONLY" },
        VersionFeature(version: 5, name: "METHOD=SAMPLE-AES", tags: keyTags) { tag, _ in
            isKey(tag) && tag.attributes?["METHOD"]?.value == "SAMPLE-AES"
        },
        VersionFeature(version: 5, name: "KEYFORMAT or KEYFORMATVERSIONS of EXT-X-KEY", tags: keyTags) { tag, _ in
            isKey(tag) && (tag.attributes?["KEYFORMAT"] != nil || tag.attributes?["KEYFORMATVERSIONS"] != nil)
        },
        VersionFeature(version: 5, name: "EXT-X-MAP in an I-frames-only playlist", tags: ["#EXT-X-MAP"]) { tag, iFramesOnly in
            tag.name == "#EXT-X-MAP" && iFramesOnly
        },
        VersionFeature(version: 6, name: "EXT-X-MAP", tags: ["#EXT-X-MAP"]) { tag, iFramesOnly in tag.name == "#EXT-X-MAP" && !iFramesOnly },
        VersionFeature(version: 7, name: "INSTREAM-ID=\"SERVICEn\" of EXT-X-MEDIA", tags: ["#EXT-X-MEDIA"]) { tag, _ in
            tag.name == "#EXT-X-MEDIA" && (tag.attributes?["INSTREAM-ID"]?.value.hasPrefix("SERVICE") ?? false)
        },
        VersionFeature(version: 8, name: "variable substitution (EXT-X-DEFINE)", tags: ["#EXT-X-DEFINE"]) { tag, _ in tag.name == "#EXT-X-DEFINE" },
        VersionFeature(version: 9, name: "EXT-X-SKIP", tags: ["#EXT-X-SKIP"]) { tag, _ in tag.name == "#EXT-X-SKIP" },
        VersionFeature(version: 10, name: "EXT-X-SKIP that replaces EXT-X-DATERANGE tags (RECENTLY-REMOVED-DATERANGES)", tags: ["#EXT-X-SKIP"]) { tag, _ in
            tag.name == "#EXT-X-SKIP" && tag.attributes?["RECENTLY-REMOVED-DATERANGES"] != nil
        },
        VersionFeature(version: 11, name: "QUERYPARAM of EXT-X-DEFINE", tags: ["#EXT-X-DEFINE"]) { tag, _ in
            tag.name == "#EXT-X-DEFINE" && tag.attributes?["QUERYPARAM"] != nil
        },
        VersionFeature(version: 12, name: "an attribute whose name starts with REQ-", tags: nil) { tag, _ in
            tag.attributes?.attributes.contains { $0.name.hasPrefix("REQ-") } ?? false
        },
        VersionFeature(version: 13, name: "INSTREAM-ID on an EXT-X-MEDIA that is not CLOSED-CAPTIONS", tags: ["#EXT-X-MEDIA"]) { tag, _ in
            tag.name == "#EXT-X-MEDIA" && tag.attributes?["INSTREAM-ID"] != nil
                && tag.attributes?["TYPE"]?.value != "CLOSED-CAPTIONS"
        },
    ]

    private static let keyTags: Set<String> = ["#EXT-X-KEY", "#EXT-X-SESSION-KEY"]

    /// The table by tag name, and the features any tag with attributes can carry.
    private static let byTag: [String: [VersionFeature]] = {
        var index: [String: [VersionFeature]] = [:]
        for feature in table {
            for tag in feature.tags ?? [] { index[tag, default: []].append(feature) }
        }
        return index
    }()
    private static let anyTag = table.filter { $0.tags == nil }

    private static func isKey(_ tag: PlaylistTag) -> Bool {
        tag.name == "#EXT-X-KEY" || tag.name == "#EXT-X-SESSION-KEY"
    }

    /// The highest version any feature of the playlist needs, with the first line needing it.
    static func requirement(of playlist: Playlist) -> (version: Int, line: Int, name: String) {
        var need = (version: 1, line: 0, name: "no versioned features")
        let iFramesOnly = playlist.firstTag("#EXT-X-I-FRAMES-ONLY") != nil
        func consider(_ features: [VersionFeature], _ tag: PlaylistTag) {
            for feature in features where feature.version > need.version && feature.present(tag, iFramesOnly) {
                need = (feature.version, tag.line, feature.name)
            }
        }
        for tag in playlist.tags {
            if let features = byTag[tag.name] { consider(features, tag) }
            if tag.attributes != nil { consider(anyTag, tag) }
        }
        return need
    }
}
