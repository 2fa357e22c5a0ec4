/// One EXT-X-MEDIA:TYPE=AUDIO entry of a multivariant playlist.
public struct AudioRendition: Equatable, Sendable {
    public var groupID: String
    public var name: String
    /// RFC 5646 tag, e.g. `en`.
    public var language: String?
    /// Media playlist of the rendition; nil when the audio is muxed into the variants.
    public var uri: String?
    public var isDefault: Bool
    /// Channel count as the CHANNELS attribute writes it, e.g. `2` or `16/JOC`.
    public var channels: String?

    public init(groupID: String, name: String, language: String? = nil, uri: String? = nil,
                isDefault: Bool, channels: String? = nil) {
        self.groupID = groupID
        self.name = name
        self.language = language
        self.uri = uri
        self.isDefault = isDefault
        self.channels = channels
    }

    /// AUTOSELECT=YES is always written: the spec requires it with DEFAULT=YES, and a
    /// non-default rendition should still be chosen when it matches the user's language.
    var attributes: [String] {
        var list = ["TYPE=AUDIO", "GROUP-ID=\"\(groupID)\"", "NAME=\"\(name)\""]
        if let language { list.append("LANGUAGE=\"\(language)\"") }
        list.append("DEFAULT=" + (isDefault ? "YES" : "NO"))
        list.append("AUTOSELECT=YES")
        if let channels { list.append("CHANNELS=\"\(channels)\"") }
        if let uri { list.append("URI=\"\(uri)\"") }
        return list
    }

    /// Values written as quoted-strings, with their attribute names.
    var quotedValues: [(attribute: String, value: String)] {
        [("GROUP-ID", groupID), ("NAME", name)] + [("LANGUAGE", language), ("CHANNELS", channels), ("URI", uri)]
            .compactMap { name, value in value.map { (name, $0) } }
    }
}
