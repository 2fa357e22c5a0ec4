import Foundation
import XCTest
@testable import Packager

final class PublishQueueTests: XCTestCase {
    private var sequence: UInt64 = 0

    private func item(_ name: String, _ kind: PublishedKind, bytes: Int = 10) throws -> PublishItem {
        sequence += 1
        return PublishItem(sequence: sequence, name: try PublishName(name),
                           operation: .put(Data(repeating: 0, count: bytes), kind), enqueuedAt: 0)
    }

    func testNewerPlaylistDropsQueuedVersionAndMovesBehindLaterSegments() throws {
        var queue = PublishQueue(maxItems: 10, maxBytes: 1000)
        XCTAssertNil(try queue.enqueue(try item("a.m3u8", .playlist, bytes: 5)))
        XCTAssertNil(try queue.enqueue(try item("s1.ts", .segment)))
        let replaced = try queue.enqueue(try item("a.m3u8", .playlist, bytes: 7))

        XCTAssertEqual(replaced?.sequence, 1)
        XCTAssertEqual(queue.items.map(\.sequence), [2, 3])
        XCTAssertEqual(queue.bytes, 17)
    }

    func testSegmentsWithTheSameNameAreNotCoalesced() throws {
        var queue = PublishQueue(maxItems: 10, maxBytes: 1000)
        _ = try queue.enqueue(try item("s1.ts", .segment))
        XCTAssertNil(try queue.enqueue(try item("s1.ts", .segment)))
        XCTAssertEqual(queue.count, 2)
    }

    func testByteLimitRefusesItemButAlwaysTakesOneIntoAnEmptyQueue() throws {
        var queue = PublishQueue(maxItems: 10, maxBytes: 100)
        _ = try queue.enqueue(try item("big.ts", .segment, bytes: 500))
        XCTAssertThrowsError(try queue.enqueue(try item("next.ts", .segment, bytes: 1))) { error in
            XCTAssertEqual(error as? HTTPSinkError,
                           .queueFull(name: "next.ts", depth: 1, bytes: 500, maxItems: 10, maxBytes: 100))
        }
        XCTAssertEqual(queue.popFirst()?.name.path, "big.ts")
        XCTAssertEqual(queue.bytes, 0)
        XCTAssertNil(try queue.enqueue(try item("next.ts", .segment, bytes: 1)))
    }
}
