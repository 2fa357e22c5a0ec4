/// A configured meaning for one segmentation_type_id (a *start* type; its end is type + 1).
/// `kind == nil` means "never a span", which lets a configuration silence a default.
public struct SegmentationTypeRule: Codable, Equatable, Sendable {
    public var typeID: UInt8
    public var kind: SpanKind?

    public init(typeID: UInt8, kind: SpanKind?) {
        self.typeID = typeID
        self.kind = kind
    }
}
