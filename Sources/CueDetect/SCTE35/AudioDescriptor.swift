import Primitives

/// audio_descriptor() (tag 0x04, Table 26): which audio services the splice affects.
public struct AudioDescriptor: Equatable, Sendable {
    public struct Component: Equatable, Sendable {
        public var componentTag: UInt8
        /// ISO 639 language code, three ASCII bytes.
        public var isoCode: [UInt8]
        public var bitStreamMode: UInt8
        public var numChannels: UInt8
        public var fullServiceAudio: Bool

        public init(componentTag: UInt8, isoCode: [UInt8], bitStreamMode: UInt8, numChannels: UInt8,
                    fullServiceAudio: Bool) {
            self.componentTag = componentTag
            self.isoCode = isoCode
            self.bitStreamMode = bitStreamMode
            self.numChannels = numChannels
            self.fullServiceAudio = fullServiceAudio
        }

        public var language: String { String(decoding: isoCode, as: UTF8.self) }
    }

    public var components: [Component]

    public init(components: [Component]) {
        self.components = components
    }

    static func decode(_ reader: inout BitReader) throws -> AudioDescriptor {
        let count = try reader.bits(4, "audio_count")
        try reader.skip(bits: 4, "audio_descriptor reserved")
        var components: [Component] = []
        for _ in 0 ..< count {
            components.append(Component(componentTag: try reader.uint8("component_tag"),
                                        isoCode: try reader.bytes(3, "ISO_code"),
                                        bitStreamMode: UInt8(try reader.bits(3, "Bit_Stream_Mode")),
                                        numChannels: UInt8(try reader.bits(4, "Num_Channels")),
                                        fullServiceAudio: try reader.flag("Full_Srvc_Audio")))
        }
        return AudioDescriptor(components: components)
    }
}
