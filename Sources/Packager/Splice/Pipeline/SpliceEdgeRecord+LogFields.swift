/// The live log line of one span edge's cut: report.json's `splices` entry of VOD, with input
/// PTS (90 kHz) instead of seconds since the first picture, which a live channel does not keep.
extension SpliceEdgeRecord {
    var logFields: LogFields {
        func millis(_ value: Double) -> LogValue { .double((value * 10).rounded() / 10) }
        var fields: LogFields = ["edges": .string(edges.joined(separator: ", ")), "rendition": .int(rendition),
                                 "method": .string(method.rawValue), "requested_pts": .int(Int(requestedTicks))]
        if let landedTicks {
            fields.set("landed_pts", .int(Int(landedTicks)))
            fields.set("landed_after_requested_ms", millis(Double(landedTicks - requestedTicks) / 90))
        }
        fields.set("frames_decoded", .int(framesDecoded))
        fields.set("frames_reencoded", .int(framesReencoded))
        fields.set("frames_dropped", .int(framesDropped))
        fields.set("cpu_ms", millis(cpuMilliseconds))
        fields.set("wall_ms", millis(wallMilliseconds))
        if !notes.isEmpty { fields.set("notes", .string(notes.joined(separator: "; "))) }
        return fields
    }
}
