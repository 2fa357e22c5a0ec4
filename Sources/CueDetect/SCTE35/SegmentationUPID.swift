/// segmentation_upid() (Table 21/22), by segmentation_upid_type. Binary ids keep their bytes;
/// structured ones are parsed; every case can give back the bytes as sent (`bytes`).
public indirect enum SegmentationUPID: Equatable, Sendable {
    case notUsed                                   // 0x00
    case userDefined([UInt8])                      // 0x01, deprecated
    case isci([UInt8])                             // 0x02, deprecated, 8 ASCII
    case adID([UInt8])                             // 0x03, 12 ASCII
    case umid([UInt8])                             // 0x04, SMPTE 330, 32 bytes
    case isan([UInt8])                             // 0x05, deprecated, 8 bytes
    case vISAN([UInt8])                            // 0x06, 12 bytes
    case tid([UInt8])                              // 0x07, 12 ASCII
    case ti([UInt8])                               // 0x08, AiringID, 8 bytes
    case adi([UInt8])                              // 0x09, CableLabs ADI, ASCII
    case eidr([UInt8])                             // 0x0A, compact binary, 12 bytes
    case atsc(ATSCContentIdentifier)               // 0x0B
    case mpu(ManagedPrivateUPID)                   // 0x0C
    case mid([SegmentationUPID])                   // 0x0D, a list of UPIDs
    case ads(KeyValueText)                         // 0x0E
    case uri([UInt8])                              // 0x0F
    case uuid([UInt8])                             // 0x10, 16 bytes
    case scr(KeyValueText)                         // 0x11
    case reserved(type: UInt8, bytes: [UInt8])     // 0x12–0xFF

    /// Table 22 lengths for the fixed-size types; others are variable.
    static let fixedLengths: [UInt8: Int] = [
        0x00: 0, 0x02: 8, 0x03: 12, 0x04: 32, 0x05: 8, 0x06: 12, 0x07: 12, 0x08: 8, 0x0A: 12, 0x10: 16,
    ]

    public var type: UInt8 {
        switch self {
        case .notUsed: return 0x00
        case .userDefined: return 0x01
        case .isci: return 0x02
        case .adID: return 0x03
        case .umid: return 0x04
        case .isan: return 0x05
        case .vISAN: return 0x06
        case .tid: return 0x07
        case .ti: return 0x08
        case .adi: return 0x09
        case .eidr: return 0x0A
        case .atsc: return 0x0B
        case .mpu: return 0x0C
        case .mid: return 0x0D
        case .ads: return 0x0E
        case .uri: return 0x0F
        case .uuid: return 0x10
        case .scr: return 0x11
        case .reserved(let type, _): return type
        }
    }

    /// The UPID bytes as sent (for MID: the whole list with each part's type and length).
    public var bytes: [UInt8] {
        switch self {
        case .notUsed: return []
        case .userDefined(let b), .isci(let b), .adID(let b), .umid(let b), .isan(let b), .vISAN(let b),
             .tid(let b), .ti(let b), .adi(let b), .eidr(let b), .uri(let b), .uuid(let b), .reserved(_, let b):
            return b
        case .atsc(let id): return id.bytes
        case .mpu(let mpu): return mpu.bytes
        case .mid(let parts):
            return parts.flatMap { [$0.type, UInt8(truncatingIfNeeded: $0.bytes.count)] + $0.bytes }
        case .ads(let kv), .scr(let kv): return kv.bytes
        }
    }

    /// Short name of the UPID type, as in Table 22.
    public static func typeName(_ type: UInt8) -> String {
        switch type {
        case 0x00: return "Not Used"
        case 0x01: return "User Defined"
        case 0x02: return "ISCI"
        case 0x03: return "Ad-ID"
        case 0x04: return "UMID"
        case 0x05: return "ISAN"
        case 0x06: return "V-ISAN"
        case 0x07: return "TID"
        case 0x08: return "TI"
        case 0x09: return "ADI"
        case 0x0A: return "EIDR"
        case 0x0B: return "ATSC"
        case 0x0C: return "MPU"
        case 0x0D: return "MID"
        case 0x0E: return "ADS"
        case 0x0F: return "URI"
        case 0x10: return "UUID"
        case 0x11: return "SCR"
        default: return "Reserved"
        }
    }
}
