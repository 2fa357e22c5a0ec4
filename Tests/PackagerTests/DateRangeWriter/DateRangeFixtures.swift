@testable import DateRangeWriter

/// Values shared by the DateRangeWriter tests.
enum DateRangeFixtures {
    /// 2026-11-29T16:00:00.000Z
    static let startMilliseconds: Int64 = 1_795_968_000_000
    static let startText = "2026-11-29T16:00:00.000Z"

    /// SCTE 35 2022b §14.2 splice_insert (out of network, 60.293567 s break).
    static let outSectionHex =
        "FC302F000000000000FFFFF014054800008F7FEFFE7369C02EFE0052CCF500000000000A0008435545490000013562DBA30A"
    static let outSection: [UInt8] = stride(from: 0, to: outSectionHex.count, by: 2).map { offset in
        let start = outSectionHex.index(outSectionHex.startIndex, offsetBy: offset)
        return UInt8(outSectionHex[start...outSectionHex.index(after: start)], radix: 16) ?? 0
    }
    static let outSectionBase64 = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="
    /// Stand-in in section: the writer copies bytes, it does not interpret them.
    static let inSection: [UInt8] = [0xFC, 0x30, 0x11, 0x00, 0x0A]
    static let inSectionBase64 = "/DARAAo="

    static func date(offsetMilliseconds: Int64 = 0) -> HLSDate {
        // The fixture instants are far inside 0000...9999, so this cannot fail.
        (try? HLSDate(millisecondsSinceEpoch: startMilliseconds + offsetMilliseconds))
            ?? { preconditionFailure("fixture date out of range") }()
    }

    static func ms(_ milliseconds: Int64) -> HLSDecimal { HLSDecimal(milliseconds: milliseconds) }

    static func adSpan(id: String = "ad-1207-1", placement: SpanPlacement = .overlay) -> SpanDescription {
        SpanDescription(kind: .ad, id: id, startDate: date(), plannedDuration: HLSDecimal(seconds: 30),
                        outSection: outSection, placement: placement,
                        extractedAssetURI: "https://cdn.example.com/spans/\(id)/index.m3u8")
    }

    static func interstitial(id: String, assetURI: String = "https://cdn.example.com/a/index.m3u8") -> DateRange {
        .interstitial(id: id, startDate: date(), InterstitialAttributes(assetURI: assetURI))
    }
}
