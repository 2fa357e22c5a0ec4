import Primitives

/// avail_descriptor() (tag 0x00, Table 17): an id for the avail, chosen by the provider.
public struct AvailDescriptor: Equatable, Sendable {
    public var providerAvailID: UInt32

    public init(providerAvailID: UInt32) {
        self.providerAvailID = providerAvailID
    }

    static func decode(_ reader: inout BitReader) throws -> AvailDescriptor {
        AvailDescriptor(providerAvailID: try reader.uint32("provider_avail_id"))
    }
}
