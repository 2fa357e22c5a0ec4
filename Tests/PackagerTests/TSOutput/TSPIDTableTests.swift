import CueDetect
import XCTest
@testable import Packager

final class TSPIDTableTests: XCTestCase {
    func testOnlyThePagesOfPIDsUsedExist() {
        let table = TSPIDTable(initial: 0)
        table[0x100] = 7
        table[0x1FFF] = 9
        _ = table[0x101]
        XCTAssertEqual(table.knownPIDs, Array(0x100..<0x140) + Array(0x1FC0..<0x2000))
        XCTAssertEqual(table[0x100], 7)
        XCTAssertEqual(table[0x101], 0)
        XCTAssertEqual(table[0x1FFF], 9)
    }

    func testAStateKeepsItsAddressWhileOtherPagesAreMade() {
        let table = TSPIDTable(initial: Int64(-1))
        let first = table.state(0x100)
        first.pointee = 42
        for pid in stride(from: 0, to: 8192, by: 64) { table[pid] = Int64(pid) }
        XCTAssertEqual(table.state(0x100), first)
        XCTAssertEqual(table[0x100], 0x100)
        XCTAssertEqual(table[0x101], -1)
        XCTAssertEqual(table.knownPIDs.count, 8192)
    }

    /// The indexer gives a state page only to the PIDs the stream carries (and the PAT's and the
    /// null PID's, set up front): a real clip uses 5 of the 128 pages.
    func testTheIndexerOfARealClipMakesStateForTheClipsPIDsOnly() throws {
        let clip = try TSOutputMedia.clip()
        let indexer = TSIndexer()
        var units: [TSAccessUnit] = []
        clip.bytes.withUnsafeBytes { indexer.feed($0, into: &units) }
        indexer.finish(into: &units)
        let pages = Set(indexer.states.knownPIDs.map { $0 >> 6 })
        let pids = Set(units.map(\.pid))
        XCTAssertEqual(pages, Set(pids.map { $0 >> 6 } + [0, TSPacketBytes.nullPID >> 6]))
        // PAT 0, streams 0x100–0x102, SCTE-35 0x1F5, PMT 0x1000, null 0x1FFF.
        XCTAssertEqual(pages.sorted(), [0, 4, 7, 64, 127])
    }
}
