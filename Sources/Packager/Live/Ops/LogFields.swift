/// The typed fields of one log line, kept in the order they were added so every line of
/// the same event has the same key order (diffable, grep-able, stable for golden tests).
///
/// Adding a key that is already present replaces its value in place, so a line never
/// carries the same key twice.
public struct LogFields: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public private(set) var pairs: [(key: String, value: LogValue)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, LogValue)...) {
        for (key, value) in elements { set(key, value) }
    }

    public mutating func set(_ key: String, _ value: LogValue) {
        if let index = pairs.firstIndex(where: { $0.key == key }) {
            pairs[index].value = value
        } else {
            pairs.append((key: key, value: value))
        }
    }

    public var isEmpty: Bool { pairs.isEmpty }

    public static func == (lhs: LogFields, rhs: LogFields) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
