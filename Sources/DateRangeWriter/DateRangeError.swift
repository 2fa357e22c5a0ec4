/// Everything DateRangeWriter refuses to build, render or publish. Each case names the
/// date range (when there is one), the attribute and the offending value, so a caller can
/// log it and keep what was already published.
public enum DateRangeError: Error, Equatable, CustomStringConvertible, Sendable {
    case emptyID
    case invalidQuotedString(attribute: String, value: String, reason: String)
    case invalidAttributeName(String)
    case reservedAttributeName(id: String, name: String)
    case duplicateAttribute(id: String, name: String)
    case invalidHex(String)
    case lowercaseHex(String)
    case negativeValue(id: String, attribute: String, milliseconds: Int64)
    case dateOutOfRange(millisecondsSinceEpoch: Int64)
    case missingStartDate(id: String)
    case endBeforeStart(id: String, start: String, end: String)
    case endDateMismatch(id: String, start: String, duration: String, end: String)
    case cueHasPreAndPost(id: String)
    case endOnNextWithEnd(id: String, attribute: String)
    case endOnNextWithoutClass(id: String)
    case interstitialClassMismatch(id: String, classValue: String?)
    case assetReferenceCount(id: String, found: Int)
    case relativeAssetURI(id: String, uri: String)
    case invalidURI(id: String, uri: String, reason: String)
    case reservedQueryParameter(id: String, uri: String)
    case invalidSkipLabel(id: String, label: String)
    case idAlreadyAnnounced(id: String)
    case unknownID(id: String)
    case changedAttribute(id: String, name: String, published: String, proposed: String)
    case droppedAttribute(id: String, name: String, published: String)
    case cancelledSplice(id: String)
    case missingActualDuration(id: String)
    case missingExtractedAsset(id: String, kind: String)
    case missingLegacyDuration(dialect: String)
    case missingSection(dialect: String, which: String)

    public var description: String {
        switch self {
        case .emptyID:
            return "EXT-X-DATERANGE: ID must be a non-empty quoted-string"
        case let .invalidQuotedString(attribute, value, reason):
            return "EXT-X-DATERANGE \(attribute): value \(debugQuoted(value)) is not a legal quoted-string: \(reason)"
        case let .invalidAttributeName(name):
            return "attribute name \(debugQuoted(name)) is not X- followed by [A-Z0-9-]"
        case let .reservedAttributeName(id, name):
            return "date range \(id): client attribute \(name) collides with a defined attribute; use the typed field"
        case let .duplicateAttribute(id, name):
            return "date range \(id): attribute \(name) given twice"
        case let .invalidHex(text):
            return "\(debugQuoted(text)) is not a hexadecimal-sequence (0x then [0-9A-F]+)"
        case let .lowercaseHex(text):
            return "\(debugQuoted(text)) uses lowercase hex digits; HLS requires uppercase A-F"
        case let .negativeValue(id, attribute, ms):
            return "date range \(id): \(attribute) must not be negative (got \(HLSDecimal(milliseconds: ms).text))"
        case let .dateOutOfRange(ms):
            return "date \(ms) ms since 1970 lies outside years 0000-9999"
        case let .missingStartDate(id):
            return "date range \(id): the first tag with an ID must carry START-DATE"
        case let .endBeforeStart(id, start, end):
            return "date range \(id): END-DATE \(end) is before START-DATE \(start)"
        case let .endDateMismatch(id, start, duration, end):
            return "date range \(id): END-DATE \(end) is not START-DATE \(start) + DURATION \(duration)"
        case let .cueHasPreAndPost(id):
            return "date range \(id): CUE must not contain both PRE and POST"
        case let .endOnNextWithEnd(id, attribute):
            return "date range \(id): END-ON-NEXT=YES must not be combined with \(attribute)"
        case let .endOnNextWithoutClass(id):
            return "date range \(id): END-ON-NEXT=YES requires CLASS"
        case let .interstitialClassMismatch(id, classValue):
            return "date range \(id): interstitial attributes need CLASS=\"\(DateRange.interstitialClass)\", "
                + "got \(classValue.map(debugQuoted) ?? "no CLASS")"
        case let .assetReferenceCount(id, found):
            return "date range \(id): an interstitial needs exactly one of X-ASSET-URI / X-ASSET-LIST (found \(found))"
        case let .relativeAssetURI(id, uri):
            return "date range \(id): X-ASSET-URI and asset-list URIs must be absolute, got \(debugQuoted(uri))"
        case let .invalidURI(id, uri, reason):
            return "date range \(id): URI \(debugQuoted(uri)) is unusable: \(reason)"
        case let .reservedQueryParameter(id, uri):
            return "date range \(id): URI \(debugQuoted(uri)) already carries an _HLS_ query parameter (reserved for the protocol)"
        case let .invalidSkipLabel(id, label):
            return "date range \(id): X-SKIP-CONTROL-LABEL-ID \(debugQuoted(label)) may only contain [a-zA-Z_-]"
        case let .idAlreadyAnnounced(id):
            return "date range \(id): ID already used in this presentation; make a new one with InterstitialIDMaker"
        case let .unknownID(id):
            return "date range \(id): update for an ID that was never announced"
        case let .changedAttribute(id, name, published, proposed):
            return "date range \(id): \(name) was published as \(published) and cannot change to \(proposed); keeping the original"
        case let .droppedAttribute(id, name, published):
            return "date range \(id): \(name)=\(published) was published and cannot be dropped; keeping the original"
        case let .cancelledSplice(id):
            return "date range \(id): the splice was cancelled, so it must not appear in a playlist"
        case let .missingActualDuration(id):
            return "date range \(id): completion needs the actual duration of the span"
        case let .missingExtractedAsset(id, kind):
            return "date range \(id): policy for kind \(kind) points at the extracted asset, but the span has no asset URI"
        case let .missingLegacyDuration(dialect):
            return "legacy cue dialect \(dialect) needs the break duration"
        case let .missingSection(dialect, which):
            return "legacy cue dialect \(dialect) needs the SCTE-35 \(which) section"
        }
    }
}

/// Shows a value with its quotes and line breaks visible, so a log line stays one line.
func debugQuoted(_ s: String) -> String {
    var out = "\""
    for ch in s.unicodeScalars {
        switch ch {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\"": out += "\\\""
        default: out.unicodeScalars.append(ch)
        }
    }
    return out + "\""
}
