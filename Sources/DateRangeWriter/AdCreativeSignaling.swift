import Foundation

/// SVTA2053-2 ad creative signalling: the version-2 envelope with linear slots, built as a
/// `CanonicalJSON` so it can go into an asset list as an object or into a DATERANGE as the
/// base64 quoted-string attribute `X-AD-CREATIVE-SIGNALING`.
public struct AdCreativeSignaling: Hashable, Codable, Sendable {
    public struct Identifier: Hashable, Codable, Sendable {
        public var scheme: String
        public var value: String
        public init(scheme: String, value: String) {
            self.scheme = scheme
            self.value = value
        }
    }

    public struct Tracking: Hashable, Codable, Sendable {
        public var type: String
        public var urls: [String]
        public var offset: HLSDecimal?
        public init(type: String, urls: [String], offset: HLSDecimal? = nil) {
            self.type = type
            self.urls = urls
            self.offset = offset
        }
    }

    /// One creative: `start` is its offset from the interstitial start.
    public struct Slot: Hashable, Codable, Sendable {
        public var start: HLSDecimal
        public var duration: HLSDecimal
        public var identifiers: [Identifier]
        public var tracking: [Tracking]
        public init(start: HLSDecimal, duration: HLSDecimal, identifiers: [Identifier] = [], tracking: [Tracking] = []) {
            self.start = start
            self.duration = duration
            self.identifiers = identifiers
            self.tracking = tracking
        }
    }

    public var slots: [Slot]

    public init(slots: [Slot]) {
        self.slots = slots
    }

    public var json: CanonicalJSON {
        .object([
            CanonicalJSONMember("version", .integer(2)),
            CanonicalJSONMember("type", .string("slot")),
            CanonicalJSONMember("payload", .array(slots.map(Self.slotJSON))),
        ])
    }

    /// The DATERANGE form: quoted-string holding base64 of the UTF-8 JSON.
    public var clientAttribute: ClientAttribute {
        ClientAttribute(name: "X-AD-CREATIVE-SIGNALING", value: .string(Data(json.text.utf8).base64EncodedString()))
    }

    private static func slotJSON(_ slot: Slot) -> CanonicalJSON {
        var members = [
            CanonicalJSONMember("type", .string("linear")),
            CanonicalJSONMember("start", .decimal(slot.start)),
            CanonicalJSONMember("duration", .decimal(slot.duration)),
        ]
        if !slot.identifiers.isEmpty {
            members.append(CanonicalJSONMember("identifiers", .array(slot.identifiers.map {
                .object([CanonicalJSONMember("scheme", .string($0.scheme)), CanonicalJSONMember("value", .string($0.value))])
            })))
        }
        if !slot.tracking.isEmpty {
            members.append(CanonicalJSONMember("tracking", .array(slot.tracking.map { t in
                var m = [CanonicalJSONMember("type", .string(t.type)), CanonicalJSONMember("urls", .array(t.urls.map(CanonicalJSON.string)))]
                if let offset = t.offset { m.append(CanonicalJSONMember("offset", .decimal(offset))) }
                return .object(m)
            })))
        }
        return .object(members)
    }
}
