/// Every key is optional on decode so a pipeline config names only what it changes; decoding
/// recompiles the recap pattern and throws `SpanClassifierError` if it is bad.
extension SpanClassifier: Codable {
    private enum CodingKeys: String, CodingKey {
        case recapPattern, spliceInsertKind, adStartTypes, containerTypes, extraTypes
        case unmatchedChapters, segmentationAutoReturn
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let spliceInsertKind: SpanKind?
        if c.contains(.spliceInsertKind) {
            spliceInsertKind = try c.decodeIfPresent(SpanKind.self, forKey: .spliceInsertKind)
        } else {
            spliceInsertKind = .ad
        }
        try self.init(
            recapPattern: try c.decodeIfPresent(String.self, forKey: .recapPattern) ?? Self.defaultRecapPattern,
            spliceInsertKind: spliceInsertKind,
            adStartTypes: try c.decodeIfPresent([UInt8].self, forKey: .adStartTypes) ?? Self.defaultAdStartTypes,
            containerTypes: try c.decodeIfPresent([UInt8].self, forKey: .containerTypes) ?? Self.defaultContainerTypes,
            extraTypes: try c.decodeIfPresent([SegmentationTypeRule].self, forKey: .extraTypes) ?? [],
            unmatchedChapters: try c.decodeIfPresent(UnmatchedChapters.self, forKey: .unmatchedChapters) ?? .ignore,
            segmentationAutoReturn: try c.decodeIfPresent(Bool.self, forKey: .segmentationAutoReturn) ?? false)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recapPattern, forKey: .recapPattern)
        // Written as explicit null so that "ignore splice_insert" survives a round trip
        // (a missing key means the default, .ad).
        if let spliceInsertKind {
            try c.encode(spliceInsertKind, forKey: .spliceInsertKind)
        } else {
            try c.encodeNil(forKey: .spliceInsertKind)
        }
        try c.encode(adStartTypes, forKey: .adStartTypes)
        try c.encode(containerTypes, forKey: .containerTypes)
        try c.encode(extraTypes, forKey: .extraTypes)
        try c.encode(unmatchedChapters, forKey: .unmatchedChapters)
        try c.encode(segmentationAutoReturn, forKey: .segmentationAutoReturn)
    }
}
