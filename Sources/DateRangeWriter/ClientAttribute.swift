/// A free `X-…` attribute. HLS allows three value types for them; each renders canonically.
public struct ClientAttribute: Hashable, Codable, Sendable {
    public enum Value: Hashable, Codable, Sendable {
        case string(String)
        case hex(HexSequence)
        /// signed-decimal-floating-point
        case decimal(HLSDecimal)
    }

    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    func rendered(id: String) throws -> RenderedAttribute {
        guard AttributeGrammar.isClientName(name) else { throw DateRangeError.invalidAttributeName(name) }
        guard KnownAttribute.rankByName[name] == nil else { throw DateRangeError.reservedAttributeName(id: id, name: name) }
        switch value {
        case let .string(s): return RenderedAttribute(name: name, value: try AttributeGrammar.quoted(s, attribute: name))
        case let .hex(h): return RenderedAttribute(name: name, value: h.text)
        case let .decimal(d): return RenderedAttribute(name: name, value: d.text)
        }
    }
}
