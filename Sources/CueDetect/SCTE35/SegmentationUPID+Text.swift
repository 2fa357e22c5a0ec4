import Primitives

extension SegmentationUPID {
    /// The UPID as one line of text for cue signals and HLS attributes: ASCII for the text
    /// types when every byte is printable, otherwise `0x` + upper-case hex of the bytes;
    /// MID parts joined with `;`; empty when there is no UPID.
    public var text: String {
        switch self {
        case .notUsed: return ""
        case .isci(let b), .adID(let b), .tid(let b), .adi(let b), .uri(let b):
            return HexText.printableASCII(b) ?? HexText.upper(b)
        case .ads(let kv), .scr(let kv):
            return HexText.printableASCII(kv.bytes) ?? HexText.upper(kv.bytes)
        case .mpu(let mpu):
            // The registered owner is implied by the private bytes' own format when they are
            // text; binary payloads keep the identifier so nothing is lost.
            return HexText.printableASCII(mpu.privateData) ?? HexText.upper(mpu.bytes)
        case .mid(let parts):
            return parts.map(\.text).joined(separator: ";")
        case .userDefined, .umid, .isan, .vISAN, .ti, .eidr, .atsc, .uuid, .reserved:
            return HexText.upper(bytes)
        }
    }

    /// For SCR UPIDs, the value of the `type` key (`PR` recap, `PI`, `DP`, `CC`, `OC`, `OOC`).
    public var scrType: String? {
        guard case .scr(let kv) = self else { return nil }
        return kv.value(for: "type")
    }

    var jsonValue: JSONValue {
        switch self {
        case .mid(let parts):
            return .array(parts.map { part in
                .fields([
                    ("segmentation_upid_type", .integer(part.type)),
                    ("segmentation_upid_type_name", .string(SegmentationUPID.typeName(part.type))),
                    ("segmentation_upid", part.jsonValue),
                ])
            })
        case .mpu(let mpu):
            return .fields([
                ("format_identifier", .hex(mpu.formatIdentifier, digits: 8)),
                ("format_identifier_text", mpu.formatIdentifierText.map { .string($0) }),
                ("private_data", .string(HexText.printableASCII(mpu.privateData) ?? HexText.upper(mpu.privateData))),
            ])
        case .ads(let kv), .scr(let kv):
            return .fields([
                ("text", .string(text)),
                ("pairs", .object(kv.pairs.map { JSONValue.Member($0.key, .string($0.value)) })),
            ])
        case .atsc(let id):
            return .fields([
                ("tsid", .integer(id.tsid)),
                ("end_of_day", .integer(id.endOfDay)),
                ("unique_for", .integer(id.uniqueFor)),
                ("content_id", .string(HexText.printableASCII(id.contentID) ?? HexText.upper(id.contentID))),
            ])
        default:
            return .string(text)
        }
    }
}
