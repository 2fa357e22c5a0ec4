import Foundation

/// Formats one event as a single line of JSON: `ts`, `level`, `event`, `channel` (when
/// set) first, then the typed fields in the order they were added. Pure, so it can be
/// tested byte for byte.
enum EventLogLine {
    static let reservedKeys: Set<String> = ["ts", "level", "event", "channel"]

    static func format(time: Date, level: LogLevel, event: LogEventName,
                       channel: String?, fields: LogFields) -> String {
        var line = "{\"ts\":" + JSONText.quoted(UTCTimestamp.iso8601Milliseconds(time))
        line += ",\"level\":" + JSONText.quoted(level.rawValue)
        line += ",\"event\":" + JSONText.quoted(event.rawValue)
        if let channel { line += ",\"channel\":" + JSONText.quoted(channel) }
        var used = reservedKeys
        for (key, value) in fields.pairs {
            // A field named like a fixed key would make the object ambiguous; keep both
            // by prefixing the field, never by dropping either.
            var name = key
            while used.contains(name) { name = "_" + name }
            used.insert(name)
            line += "," + JSONText.quoted(name) + ":" + JSONText.value(value)
        }
        return line + "}\n"
    }
}
