import Foundation
@testable import Packager
import XCTest

final class WorkPipeTests: XCTestCase {
    /// Many more items than slots, through a slow consumer: every item arrives once, in order,
    /// and the producer never runs more than the capacity ahead.
    func testDeliversEveryItemInOrderAndBoundsTheProducer() {
        let pipe = WorkPipe<Int>(capacity: 3)
        let lock = NSLock()
        var pushed = 0
        var taken = 0
        var widestLead = 0
        let producer = Thread {
            for i in 0..<500 {
                pipe.push(i)
                lock.lock(); pushed += 1; widestLead = max(widestLead, pushed - taken); lock.unlock()
            }
            pipe.close()
        }
        producer.start()
        var received: [Int] = []
        while let item = pipe.pop() {
            received.append(item)
            lock.lock(); taken += 1; lock.unlock()
            if item % 50 == 0 { usleep(1000) }
        }
        XCTAssertEqual(received, Array(0..<500))
        // One item may be counted as pushed before the consumer counts the pop that freed its slot.
        XCTAssertLessThanOrEqual(widestLead, 4)
    }

    func testPopAfterCloseDrainsThenReturnsNil() {
        let pipe = WorkPipe<String>(capacity: 4)
        pipe.push("a")
        pipe.push("b")
        pipe.close()
        XCTAssertEqual(pipe.pop(), "a")
        XCTAssertEqual(pipe.pop(), "b")
        XCTAssertNil(pipe.pop())
        XCTAssertNil(pipe.pop())
    }

    /// A taken item is no longer held by the pipe: the consumer's copy is the last reference.
    func testTakenItemIsReleasedByThePipe() {
        final class Token {}
        let pipe = WorkPipe<Token>(capacity: 2)
        weak var watched: Token?
        do {
            let token = Token()
            watched = token
            pipe.push(token)
        }
        do {
            let taken = pipe.pop()
            XCTAssertNotNil(taken)
        }
        XCTAssertNil(watched)
    }
}
