/// One EXT-X-DATERANGE line. Several tags may share an ID (announce, then complete).
public struct DateRangeTag: Sendable {
    public let line: Int
    public let attributes: AttributeList

    public var id: String? { attributes["ID"]?.value }
}
