extension JSONText {
    static func seconds(_ nanos: Int64) -> String { Milliseconds.seconds(nanos) }
    static func optionalSeconds(_ nanos: Int64?) -> String { nanos.map(Milliseconds.seconds) ?? "null" }
}
