import Foundation
import Packager

/// Collects a sink's events from its background thread and lets a test wait for one.
final class PublishEventRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var recorded: [PublishEvent] = []

    var handler: @Sendable (PublishEvent) -> Void {
        { [self] event in
            condition.lock()
            recorded.append(event)
            condition.broadcast()
            condition.unlock()
        }
    }

    var events: [PublishEvent] {
        condition.lock(); defer { condition.unlock() }
        return recorded
    }

    /// Waits until `predicate` holds for the events so far; false on timeout.
    func wait(seconds: Double, until predicate: ([PublishEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock(); defer { condition.unlock() }
        while !predicate(recorded) {
            if !condition.wait(until: deadline) && Date() >= deadline { return predicate(recorded) }
        }
        return true
    }

    var retries: [(name: String, attempt: Int)] {
        events.compactMap { if case .retry(let name, let attempt, _, _) = $0 { return (name, attempt) }; return nil }
    }

    var failures: [(name: String, error: HTTPSinkError)] {
        events.compactMap { if case .failed(let name, let error) = $0 { return (name, error) }; return nil }
    }

    var supersededNames: [String] {
        events.compactMap { if case .superseded(let name) = $0 { return name }; return nil }
    }

    var publishedNames: [String] {
        events.compactMap { if case .published(let name, _, _, _) = $0 { return name }; return nil }
    }
}
