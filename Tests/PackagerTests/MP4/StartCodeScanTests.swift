import CStartCode
import XCTest

/// `pkgctl_find_start_code` (AVX2 where the CPU has it) and its portable scan find the first
/// 00 00 01 that lies wholly in the buffer, as a byte-by-byte look does.
final class StartCodeScanTests: XCTestCase {
    private func naive(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 3 else { return bytes.count }
        return (0...(bytes.count - 3)).first { bytes[$0] == 0 && bytes[$0 + 1] == 0 && bytes[$0 + 2] == 1 } ?? bytes.count
    }

    private func assertScansAgree(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = naive(bytes)
        // An empty array may have no storage; the C scan is then given a buffer of its own.
        (bytes.isEmpty ? [0xFF] : bytes).withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return XCTFail("no storage", file: file, line: line) }
            XCTAssertEqual(pkgctl_find_start_code(base, bytes.count), expected, "\(bytes.count) bytes", file: file, line: line)
            XCTAssertEqual(pkgctl_find_start_code_portable(base, bytes.count), expected, "\(bytes.count) bytes, portable",
                           file: file, line: line)
        }
    }

    /// One start code at every position of buffers around the 32-byte blocks' edges, in bytes
    /// that are otherwise never zero (nothing else to find), and cut short by one byte.
    func testOneStartCodeIsFoundAtEveryPosition() {
        for length in [3, 4, 31, 32, 33, 34, 35, 36, 63, 64, 65, 66, 67, 100, 130] {
            for at in 0...(length - 3) {
                var bytes = [UInt8](repeating: 0xE5, count: length)
                bytes[at] = 0; bytes[at + 1] = 0; bytes[at + 2] = 1
                assertScansAgree(bytes)
                assertScansAgree(Array(bytes.dropLast()))
            }
        }
    }

    /// Near misses (00 01, 00 00 02, 00 xx 01) are not start codes; 00 00 00 01 is one, a byte in.
    func testNearMissesAreNotStartCodes() {
        let padding = [UInt8](repeating: 7, count: 40)
        for middle in [[0, 1], [0, 0, 2], [0, 5, 1], [1, 0, 0], [0, 0, 0, 1], [0, 0], [0, 0, 0]] as [[UInt8]] {
            assertScansAgree(padding + middle + padding)
            assertScansAgree(padding + middle)
            assertScansAgree(middle + padding)
        }
    }

    func testRandomBytesDenseInZerosAndOnes() {
        var random = SplitMix64(seed: 0x00_00_01)
        for _ in 0..<2000 {
            let length = Int(random.next() % 300)
            let bytes = (0..<length).map { _ -> UInt8 in
                let r = random.next() % 8
                return r < 3 ? 0 : r < 4 ? 1 : UInt8(truncatingIfNeeded: random.next())
            }
            assertScansAgree(bytes)
        }
    }

    func testNothingInShortBuffers() {
        for bytes in [[], [0], [0, 0], [0, 1], [1, 1, 1]] as [[UInt8]] { assertScansAgree(bytes) }
    }
}
