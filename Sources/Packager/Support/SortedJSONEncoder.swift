import Foundation

/// Encodes an `Encodable` value to exactly the bytes Foundation's `JSONEncoder` writes with
/// `[.sortedKeys, .prettyPrinted]` and its default strategies (keys in UTF-8 byte order, two-space
/// indent, `" : "`, escaped slashes, doubles as their shortest description without a trailing
/// `.0`, `Data` as base64, `URL` as its absolute string), in 33–48 % less time.
///
/// Why: a live channel saves its state before every playlist it publishes, and JSONEncoder
/// spent about 45 % of its time there sorting keys through generic string comparison (the same
/// state encoded with and without `.sortedKeys`). A channel with a 2-hour DVR window (1,200
/// segments) paid 3.9 ms per save (2.7 ms here), about 0.065 % of a core at real time on its
/// own; at the bench's 30× JSON encoding was 6 % of a channel's CPU (perf). Same bytes, so state
/// files written before and after read the same and diff cleanly. The string escapes are
/// JSONEncoder's (`\/`, `\b`, `\f`), not `JSONValue.writeString`'s, which the logs use.
///
/// Keys encoded twice in one container keep the last value, as Foundation's do. NaN and
/// infinities throw, as Foundation's default `nonConformingFloatEncodingStrategy` does.
///
/// `pretty: false` writes what `[.sortedKeys]` alone writes (no line breaks or spaces): the
/// state journal's lines, whose encoding by JSONEncoder was 1.8 % of a real-time channel's
/// samples (perf, 30 s, 2026-12-05), much of it resolving generic types again on every save.
struct SortedJSONEncoder {
    var pretty = true

    /// The JSON text of `value`, with a line feed after it when `newline` (a file's last line).
    func encode<T: Encodable>(_ value: T, newline: Bool = false) throws -> Data {
        var out: [UInt8] = []
        // Under glibc's mmap threshold: a state file's text grows without fresh pages faulting in.
        out.reserveCapacity(64 * 1024)
        try append(value, to: &out, orders: KeyOrders())
        if newline { out.append(UInt8(ascii: "\n")) }
        return Data(out)
    }

    /// Each value's text and a line feed after it, one after another (JSON Lines), the member
    /// orders worked out once for them all.
    func encodeLines<T: Encodable>(_ values: [T]) throws -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256 * values.count)
        let orders = KeyOrders()
        for value in values {
            try append(value, to: &out, orders: orders)
            out.append(UInt8(ascii: "\n"))
        }
        return Data(out)
    }

    private func append<T: Encodable>(_ value: T, to out: inout [UInt8], orders: KeyOrders) throws {
        let tree = try TreeEncoder.node(for: value, path: [], topLevel: true)
        JSONTree.write(tree, into: &out, indent: pretty ? 0 : nil, orders: orders)
    }
}

/// The tree an encoding builds: containers are classes, so a nested container keeps filling
/// the node its parent already holds.
private enum JSONTree {
    /// A leaf's text is written when it is encoded; containers are written at the end.
    enum Node {
        case null
        case literal(String)
        case string(String)
        case object(ObjectNode)
        case array(ArrayNode)
        case slot(Slot)
    }

    /// - Parameter indent: the container depth, pretty-printed; nil: compact.
    static func write(_ node: Node, into out: inout [UInt8], indent: Int?, orders: KeyOrders) {
        let inner = indent.map { $0 + 1 }
        switch node {
        case .null: out += "null".utf8
        case .literal(let text): out += text.utf8
        case .string(let text): writeString(text, into: &out)
        // A super-encoder that encoded nothing is an empty object, as Foundation writes it.
        case .slot(let slot): write(slot.value ?? .object(ObjectNode()), into: &out, indent: indent, orders: orders)
        case .array(let array):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), count: array.items.count, into: &out, indent: indent) { i, out in
                write(array.items[i], into: &out, indent: inner, orders: orders)
            }
        case .object(let object):
            let order = orders.order(of: object)
            writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), count: order.count, into: &out, indent: indent) { i, out in
                writeString(object.members[order[i]].key, into: &out)
                if indent == nil { out.append(UInt8(ascii: ":")) } else { out += " : ".utf8 }
                write(object.members[order[i]].value, into: &out, indent: inner, orders: orders)
            }
        }
    }

    /// Pretty-printed, Foundation writes an empty container as its brackets around a blank line;
    /// compact, as its brackets.
    private static func writeContainer(_ open: UInt8, _ close: UInt8, count: Int, into out: inout [UInt8], indent: Int?,
                                       element: (Int, inout [UInt8]) -> Void) {
        out.append(open)
        guard let indent else {
            for i in 0 ..< count {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element(i, &out)
            }
            return out.append(close)
        }
        out.append(UInt8(ascii: "\n"))
        for i in 0 ..< count {
            if i > 0 { out += ",\n".utf8 }
            out += repeatElement(UInt8(ascii: " "), count: 2 * (indent + 1))
            element(i, &out)
        }
        out.append(UInt8(ascii: "\n"))
        out += repeatElement(UInt8(ascii: " "), count: 2 * indent)
        out.append(close)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Most strings (names, IDs, ISO dates) need no escape: one copy of the whole run.
            var start = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x2F {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start ..< i]))
                start = i + 1
                switch byte {
                case 0x22: out += "\\\"".utf8
                case 0x5C: out += "\\\\".utf8
                case 0x2F: out += "\\/".utf8
                case 0x08: out += "\\b".utf8
                case 0x0C: out += "\\f".utf8
                case 0x0A: out += "\\n".utf8
                case 0x0D: out += "\\r".utf8
                case 0x09: out += "\\t".utf8
                default: out += "\\u00".utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Member orders worked out during one encoding, by key sequence. The objects of one Codable type
/// encode the same keys in the same order, so a live state's thousand segment records (a 2-hour
/// window) sort their keys once, not once each: sorting was a fifth of a 1.4 MB state's encoding
/// (perf), most of it small objects re-sorting the same keys.
private final class KeyOrders {
    private var known: [(keys: [String], order: [Int])] = []

    /// Objects of more members (dictionaries, whose keys are their own) are sorted each time,
    /// and once this many sequences are known the rest are too: a lookup stays a short scan.
    private static let largest = 32, capacity = 64

    func order(of object: ObjectNode) -> [Int] {
        let members = object.members
        guard members.count <= Self.largest else { return object.sortedIndices() }
        for entry in known where entry.keys.count == members.count && Self.same(entry.keys, members) {
            return entry.order
        }
        let order = object.sortedIndices()
        if known.count < Self.capacity { known.append((members.map(\.key), order)) }
        return order
    }

    private static func same(_ keys: [String], _ members: [(key: String, value: JSONTree.Node)]) -> Bool {
        for i in keys.indices where keys[i] != members[i].key { return false }
        return true
    }
}

private final class ObjectNode {
    var members: [(key: String, value: JSONTree.Node)] = []

    func set(_ key: String, _ value: JSONTree.Node) { members.append((key, value)) }

    /// The value last set for `key` (a linear search: only nested containers ask).
    func last(_ key: String) -> JSONTree.Node? { members.last { $0.key == key }?.value }

    /// Member order: keys by UTF-8 bytes, as Foundation's `.sortedKeys`; of a key set twice
    /// (ties keep the order set, so they lie together) the last.
    func sortedIndices() -> [Int] {
        let order = members.indices.sorted {
            let c = Self.compare(members[$0].key, members[$1].key)
            return c < 0 || (c == 0 && $0 < $1)
        }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for i in order {
            if let last = kept.last, members[last].key == members[i].key { kept[kept.count - 1] = i } else { kept.append(i) }
        }
        return kept
    }

    /// memcmp of the UTF-8 bytes (UTF-8 byte order is code point order). Native strings are
    /// read where they lie; only a bridged one is copied into a mutable one first.
    private static func compare(_ a: String, _ b: String) -> Int32 {
        if let c = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) } }),
           let c {
            return c
        }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }

    private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int32 {
        let common = min(x.count, y.count)
        if common > 0, let p = x.baseAddress, let q = y.baseAddress {
            let c = memcmp(p, q, common)
            if c != 0 { return c }
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }
}

private final class ArrayNode {
    var items: [JSONTree.Node] = []
}

/// Where the value a `TreeEncoder` writes goes: a nested value's node, or a super-encoder's
/// place in its parent.
private final class Slot {
    var value: JSONTree.Node?
}

private struct TreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The node of one value: leaves directly, anything else through its own `encode(to:)`.
    /// `path` is built only for a value that needs an encoder of its own (or fails).
    /// A value that encodes nothing is an empty object, or for the top-level value an error, as
    /// with Foundation.
    static func node<T: Encodable>(for value: T, path: @autoclosure () -> [CodingKey], topLevel: Bool = false) throws
        -> JSONTree.Node {
        // Metatype comparisons: a dynamic cast per value cost more than the rest of a leaf.
        func leaf<L>(_ type: L.Type) -> L { withUnsafePointer(to: value) { $0.withMemoryRebound(to: L.self, capacity: 1) { $0.pointee } } }
        if T.self == String.self { return .string(leaf(String.self)) }
        if T.self == Int.self { return .literal(String(leaf(Int.self))) }
        if T.self == Int64.self { return .literal(String(leaf(Int64.self))) }
        if T.self == Bool.self { return .literal(leaf(Bool.self) ? "true" : "false") }
        if T.self == Double.self { return try number(leaf(Double.self), path: path()) }
        // Foundation's JSONEncoder writes these three its own way rather than by their Codable.
        if T.self == Data.self { return .string(leaf(Data.self).base64EncodedString()) }
        if T.self == URL.self { return .string(leaf(URL.self).absoluteString) }
        if T.self == Decimal.self { return .literal(leaf(Decimal.self).description) }
        let slot = Slot()
        try value.encode(to: TreeEncoder(slot: slot, codingPath: path()))
        guard let node = slot.value ?? (topLevel ? nil : .object(ObjectNode())) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return node
    }

    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, path: [CodingKey]) throws -> JSONTree.Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not valid in JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectNode
        if case .object(let existing)? = slot.value { object = existing } else {
            object = ObjectNode()
            slot.value = .object(object)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing)? = slot.value { array = existing } else {
            array = ArrayNode()
            slot.value = .array(array)
        }
        return UnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleContainer(slot: slot, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectNode
    let codingPath: [CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .literal(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(key.stringValue, try TreeEncoder.number(value, path: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(key.stringValue, try TreeEncoder.number(value, path: codingPath + [key]))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(key.stringValue, try TreeEncoder.node(for: value, path: codingPath + [key]))
    }

    // A container asked for twice under one key is the same one, as Foundation's is.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let nested: ObjectNode
        if case .object(let existing)? = object.last(key.stringValue) { nested = existing } else {
            nested = ObjectNode()
            object.set(key.stringValue, .object(nested))
        }
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let nested: ArrayNode
        if case .array(let existing)? = object.last(key.stringValue) { nested = existing } else {
            nested = ArrayNode()
            object.set(key.stringValue, .array(nested))
        }
        return UnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> Encoder { superEncoder(named: "super", path: codingPath + [SuperKey()]) }
    mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(named: key.stringValue, path: codingPath + [key]) }

    private func superEncoder(named name: String, path: [CodingKey]) -> Encoder {
        let slot = Slot()
        object.set(name, .slot(slot))
        return TreeEncoder(slot: slot, codingPath: path)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: ArrayNode
    let codingPath: [CodingKey]
    var count: Int { array.items.count }

    private var indexKey: CodingKey { IndexKey(intValue: count) }

    mutating func encodeNil() throws { array.items.append(.null) }
    mutating func encode(_ value: Bool) throws { array.items.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
    mutating func encode(_ value: Int) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { array.items.append(.literal(String(value))) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: Int128) throws { array.items.append(.literal(String(value))) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: UInt128) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { array.items.append(.literal(String(value))) }
    mutating func encode(_ value: Double) throws { array.items.append(try TreeEncoder.number(value, path: codingPath + [indexKey])) }
    mutating func encode(_ value: Float) throws { array.items.append(try TreeEncoder.number(value, path: codingPath + [indexKey])) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try TreeEncoder.node(for: value, path: codingPath + [indexKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        let path = codingPath + [indexKey]
        array.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let path = codingPath + [indexKey]
        array.items.append(.array(nested))
        return UnkeyedContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> Encoder {
        let slot = Slot()
        let path = codingPath + [indexKey]
        array.items.append(.slot(slot))
        return TreeEncoder(slot: slot, codingPath: path)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [CodingKey]

    mutating func encodeNil() throws { slot.value = .null }
    mutating func encode(_ value: Bool) throws { slot.value = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { slot.value = .string(value) }
    mutating func encode(_ value: Int) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: Int64) throws { slot.value = .literal(String(value)) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: Int128) throws { slot.value = .literal(String(value)) }
    @available(macOS 15.0, *)
    mutating func encode(_ value: UInt128) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: Int8) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: Int16) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: Int32) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: UInt) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot.value = .literal(String(value)) }
    mutating func encode(_ value: Double) throws { slot.value = try TreeEncoder.number(value, path: codingPath) }
    mutating func encode(_ value: Float) throws { slot.value = try TreeEncoder.number(value, path: codingPath) }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try TreeEncoder.node(for: value, path: codingPath) }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
