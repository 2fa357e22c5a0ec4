import XCTest

/// Compares decoded pictures of a splice's output with the source's, by luma.
enum FrameMatch {
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        var sum = 0
        for i in a.indices { sum += abs(Int(a[i]) - Int(b[i])) }
        return Double(sum) / Double(a.count)
    }

    /// Asserts that `output[k]` shows source picture `first + k` for every k: bit-exact where the
    /// output picture was decoded from untouched packets (`exact(k)`), otherwise closer to that
    /// source picture than to its neighbours and within `tolerance` of it (a re-encode).
    static func assertShows(_ output: [[UInt8]], sourceFrames: [[UInt8]], from first: Int, exact: (Int) -> Bool,
                            tolerance: Double = 4, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for (k, picture) in output.enumerated() {
            let expected = first + k
            guard expected < sourceFrames.count else {
                XCTFail("\(label): picture \(k) has no source picture \(expected)", file: file, line: line)
                return
            }
            if exact(k) {
                if picture != sourceFrames[expected] {
                    XCTFail("\(label): picture \(k) is not bit-exact source picture \(expected) (mean difference \(meanDifference(picture, sourceFrames[expected])))", file: file, line: line)
                    return
                }
                continue
            }
            let distance = meanDifference(picture, sourceFrames[expected])
            let neighbours = [expected - 1, expected + 1].filter { sourceFrames.indices.contains($0) }
                .map { meanDifference(picture, sourceFrames[$0]) }
            if distance > tolerance || neighbours.contains(where: { $0 <= distance }) {
                XCTFail("\(label): re-encoded picture \(k) differs from source picture \(expected) by \(distance), from its neighbours by \(neighbours)", file: file, line: line)
                return
            }
        }
    }
}
