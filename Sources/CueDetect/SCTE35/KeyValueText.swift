/// A UPID whose bytes are `key=value` pairs joined by `&` (ADS, SCR), with `;` separating
/// repeated series. The raw text is kept; pairs are split out for lookup.
public struct KeyValueText: Equatable, Sendable {
    public struct Pair: Equatable, Sendable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Every `key=value` item in order; an item without `=` becomes a key with an empty value.
    public var pairs: [Pair] {
        text.split(whereSeparator: { $0 == "&" || $0 == ";" }).map { item in
            guard let equals = item.firstIndex(of: "=") else { return Pair(key: String(item), value: "") }
            return Pair(key: String(item[..<equals]), value: String(item[item.index(after: equals)...]))
        }
    }

    /// The value of the first pair named `key`.
    public func value(for key: String) -> String? {
        pairs.first { $0.key == key }?.value
    }
}
