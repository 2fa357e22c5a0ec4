/// Span gains Codable here so a live tracker's open spans can be saved across a restart.
/// Swift only synthesises Codable in the type's own file, which is not ours to change, so the
/// conformance is written out; keys are the property names.
extension Span: Codable {
    private enum CodingKeys: String, CodingKey {
        case serial, kind, eventID, signalName, startTicks, endTicks, plannedDurationTicks
        case endedBy, parent, outSection, inSection
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(serial: try c.decode(Int.self, forKey: .serial),
                  kind: try c.decode(SpanKind.self, forKey: .kind),
                  eventID: try c.decode(UInt32.self, forKey: .eventID),
                  signalName: try c.decode(String.self, forKey: .signalName),
                  startTicks: try c.decode(Int64.self, forKey: .startTicks),
                  endTicks: try c.decodeIfPresent(Int64.self, forKey: .endTicks),
                  plannedDurationTicks: try c.decodeIfPresent(Int64.self, forKey: .plannedDurationTicks),
                  endedBy: try c.decodeIfPresent(SpanEnd.self, forKey: .endedBy),
                  parent: try c.decodeIfPresent(Int.self, forKey: .parent),
                  outSection: try c.decode([UInt8].self, forKey: .outSection),
                  inSection: try c.decodeIfPresent([UInt8].self, forKey: .inSection))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(serial, forKey: .serial)
        try c.encode(kind, forKey: .kind)
        try c.encode(eventID, forKey: .eventID)
        try c.encode(signalName, forKey: .signalName)
        try c.encode(startTicks, forKey: .startTicks)
        try c.encodeIfPresent(endTicks, forKey: .endTicks)
        try c.encodeIfPresent(plannedDurationTicks, forKey: .plannedDurationTicks)
        try c.encodeIfPresent(endedBy, forKey: .endedBy)
        try c.encodeIfPresent(parent, forKey: .parent)
        try c.encode(outSection, forKey: .outSection)
        try c.encodeIfPresent(inSection, forKey: .inSection)
    }
}
