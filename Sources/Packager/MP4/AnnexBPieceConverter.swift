import CStartCode
import Foundation

/// `AnnexBToLengthPrefixed` for an access unit that arrives in pieces (its TS packets' payloads),
/// written straight into the fragment's buffer: the same NAL units and bytes as converting the
/// whole unit at once, without first gathering it into an array of its own. That gathering was
/// a copy of every video byte into fresh memory, 6 % of an fMP4 run of the bench input (perf).
///
/// How: each piece is appended as it is. A start code found in what was appended becomes the
/// next unit's 4-byte length field where it lies — a 4-byte start code exactly; after a 3-byte
/// one, the bytes that follow move up one — and the unit before it gets its length. Bytes
/// before the first start code are dropped at the first start code (or at the end).
///
/// The scan for start codes runs after each piece while the open unit is short (parameter
/// sets, SEI, the first bytes of a slice: where start codes cluster), and otherwise once
/// `batch` bytes wait: a scan per 184-byte piece would cost more than the copy it saves, and a
/// 3-byte start code found late moves at most those bytes.
struct AnnexBPieceConverter {
    private let out: ByteBuffer
    private let sampleStart: Int
    /// Where the open unit's length field is; nil before the first start code.
    private var lengthAt: Int?
    /// The open unit's first byte (before the first start code: the sample's first byte).
    private var bodyStart: Int
    /// Every position in bodyStart + 2 ..< scanned has been looked at for a start code's 01.
    private var scanned: Int
    /// Input bytes taken so far.
    private(set) var inputCount = 0

    static let batch = 2048
    /// An open unit shorter than this is scanned after every piece.
    static let shortUnit = 512

    init(into out: ByteBuffer) {
        self.out = out
        sampleStart = out.count
        bodyStart = out.count
        scanned = out.count
    }

    mutating func append(_ piece: UnsafeRawBufferPointer) {
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        inputCount += piece.count
        out.append(source, count: piece.count)
        if out.count - scanned >= Self.batch || out.count - bodyStart < Self.shortUnit { scan() }
    }

    /// Closes the last unit; returns the bytes written for the whole access unit.
    mutating func finish() -> Int {
        scan()
        if let lengthAt {
            out.storeUInt32(UInt32(out.count - bodyStart), at: lengthAt)
        } else {
            out.truncate(to: sampleStart)
        }
        return out.count - sampleStart
    }

    /// Finds start codes in what was appended since the last scan. A 01 byte needs a byte after
    /// it to be one, so the last byte waits for the next piece (at the end it is data).
    private mutating func scan() {
        var i = max(scanned, bodyStart + 2)
        while i < out.count - 1 {
            // Start codes whose 01 is at i or later (their zeros may be the two bytes before i).
            let from = i - 2, count = out.count - 1 - from
            let found = pkgctl_find_start_code(out.base.assumingMemoryBound(to: UInt8.self) + from, count)
            guard found < count else {
                i = out.count - 1
                break
            }
            let p = from + found + 2
            // A zero byte before 00 00 01 is the start code's, if it is the open unit's.
            var unitEnd = p - 2
            if unitEnd - 1 >= bodyStart, out.base.load(fromByteOffset: unitEnd - 1, as: UInt8.self) == 0 { unitEnd -= 1 }
            let next: Int
            if let lengthAt {
                out.storeUInt32(UInt32(unitEnd - bodyStart), at: lengthAt)
                next = unitEnd
            } else {
                next = sampleStart
            }
            out.moveTail(from: p + 1, to: next + 4)
            lengthAt = next
            bodyStart = next + 4
            i = bodyStart + 2
        }
        scanned = max(i, bodyStart + 2)
    }
}
