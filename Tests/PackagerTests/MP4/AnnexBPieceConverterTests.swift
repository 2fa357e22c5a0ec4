import XCTest
@testable import Packager

/// The piecewise converter writes exactly what `AnnexBToLengthPrefixed` writes for the same bytes
/// in one piece, wherever the pieces are cut.
final class AnnexBPieceConverterTests: XCTestCase {
    private func whole(_ bytes: [UInt8], after prefix: [UInt8]) -> [UInt8] {
        let out = ByteBuffer(capacity: 64)
        out.append(prefix)
        bytes.withUnsafeBytes { _ = AnnexBToLengthPrefixed.append($0, to: out) }
        return Array(out.bytes)
    }

    private func pieces(_ bytes: [UInt8], cuts: [Int], after prefix: [UInt8]) -> (bytes: [UInt8], written: Int, input: Int) {
        let out = ByteBuffer(capacity: 64)
        out.append(prefix)
        var converter = AnnexBPieceConverter(into: out)
        var from = 0
        for cut in cuts + [bytes.count] where cut >= from {
            bytes[from..<cut].withUnsafeBytes { converter.append($0) }
            from = cut
        }
        let written = converter.finish()
        return (Array(out.bytes), written, converter.inputCount)
    }

    private func assertSame(_ bytes: [UInt8], cuts: [Int], file: StaticString = #filePath, line: UInt = #line) {
        let prefix: [UInt8] = [0xAB, 0xCD, 0xEF]      // what the fragment already holds
        let expected = whole(bytes, after: prefix)
        let got = pieces(bytes, cuts: cuts, after: prefix)
        XCTAssertEqual(got.bytes, expected, "cuts \(cuts) of \(bytes)", file: file, line: line)
        XCTAssertEqual(got.written, expected.count - prefix.count, file: file, line: line)
        XCTAssertEqual(got.input, bytes.count, file: file, line: line)
    }

    func testStartCodesSplitAcrossPiecesGiveTheWholeUnitsLengths() {
        let unit: [UInt8] = [0, 0, 0, 1, 0x09, 0xF0, 0, 0, 1, 0x67, 0xAA, 0, 0, 0, 1, 0x65, 1, 2, 3]
        for a in 0...unit.count {
            for b in a...unit.count { assertSame(unit, cuts: [a, b]) }
        }
        // Every byte a piece of its own.
        assertSame(unit, cuts: Array(1..<unit.count))
    }

    func testEdgeCasesMatchTheOnePieceConversion() {
        let cases: [[UInt8]] = [
            [], [0], [1], [0, 0, 1], [0, 0, 0, 1], [0, 0, 1, 0x41],
            [9, 9, 0, 0, 1, 0x09, 0xF0],                        // bytes before the first start code
            [0, 0, 1, 0x65, 0x11, 0, 0, 0, 0, 1, 0x41],         // extra zeros stay with the unit before
            [0, 0, 1, 0x41, 7, 0, 0, 1],                        // a start code at the very end is data
            [0, 0, 1, 0, 0, 1, 0x41],                           // an empty unit
            [0, 0, 1, 0, 0, 0, 1, 5, 0, 0, 1, 0, 0, 1],
        ]
        for bytes in cases {
            for cut in 0...bytes.count { assertSame(bytes, cuts: [cut]) }
            assertSame(bytes, cuts: Array(0...bytes.count))
        }
    }

    /// Random bytes dense in 00 and 01, in units far longer than a scan batch (so 3-byte start
    /// codes are found late and the bytes after them move), cut as TS payloads are: 184 bytes
    /// and the odd short piece.
    func testRandomStreamsCutLikeTSPayloadsMatchTheOnePieceConversion() {
        var random = SplitMix64(seed: 0x5EED)
        for round in 0..<300 {
            var bytes: [UInt8] = []
            let units = 1 + Int(random.next() % 6)
            for _ in 0..<units {
                bytes += random.next() % 2 == 0 ? [0, 0, 1] : [0, 0, 0, 1]
                let length = Int(random.next() % (round % 3 == 0 ? 9000 : 400))
                for _ in 0..<length {
                    let r = random.next() % 16
                    bytes.append(r < 4 ? 0 : r < 6 ? 1 : UInt8(truncatingIfNeeded: random.next()))
                }
            }
            if random.next() % 4 == 0 { bytes = [7, 0, 0] + bytes }
            var cuts: [Int] = []
            var at = 0
            while at < bytes.count {
                at += random.next() % 5 == 0 ? Int(random.next() % 184) : 184
                cuts.append(min(at, bytes.count))
            }
            assertSame(bytes, cuts: cuts)
        }
    }

    func testTheBufferGrowsWhenThreeByteStartCodesNeedRoom() {
        // Every unit's 3-byte start code becomes a 4-byte length: the output is longer.
        let bytes = (0..<200).flatMap { k -> [UInt8] in [0, 0, 1, 0x41, UInt8(k & 0x7F)] }
        assertSame(bytes, cuts: stride(from: 184, to: bytes.count, by: 184).map { $0 })
    }
}
