import Foundation

/// Where `pkgctl live` sends its structured log (Packager's EventLog lines): to stderr as they
/// are (`--log-format json`) or as the same fields in readable text (`--log-format text`);
/// `--quiet` drops the info lines. A line that cannot be read back is written as it came.
struct LogLineOutput: Sendable {
    enum Format: String, CaseIterable, Sendable {
        case json, text
    }

    let format: Format
    let quiet: Bool
    /// Colour the level word of text lines (a terminal without NO_COLOR).
    let colour: Bool

    /// Receives each complete line, newline included; a failed write is dropped (the log has
    /// nowhere to report its own failure, and packaging must go on).
    func write(_ line: String) {
        guard let rendered = render(line) else { return }
        try? FileHandle.standardError.write(contentsOf: Data(rendered.utf8))
    }

    /// The line as it goes out, nil when it is dropped.
    func render(_ line: String) -> String? {
        guard quiet || format == .text else { return line }
        guard let object = FlatJSONLine(line.dropLast(line.hasSuffix("\n") ? 1 : 0)) else { return line }
        if quiet, object.string("level") == "info" { return nil }
        return format == .text ? LogLineText.render(object, colour: colour) + "\n" : line
    }
}

/// One log line as text: `TIME LEVEL EVENT key=value …`, fields in the order they were logged;
/// values quoted (with escapes) only when they would not read back as one word.
enum LogLineText {
    static func render(_ object: FlatJSONLine, colour: Bool) -> String {
        let fixed: Set<String> = ["ts", "level", "event"]
        var parts: [String] = []
        if let ts = object.string("ts") { parts.append(ts) }
        if let level = object.string("level") { parts.append(paint(level, colour: colour)) }
        if let event = object.string("event") { parts.append(event) }
        for (key, value) in object.fields where !fixed.contains(key) {
            switch value {
            case .string(let text): parts.append(key + "=" + word(text))
            case .literal(let text): parts.append(key + "=" + text)
            }
        }
        return parts.joined(separator: " ")
    }

    private static func paint(_ level: String, colour: Bool) -> String {
        let padded = level.uppercased().padding(toLength: 5, withPad: " ", startingAt: 0)
        guard colour else { return padded }
        switch level {
        case "error": return "\u{1B}[31m" + padded + "\u{1B}[0m"
        case "warn": return "\u{1B}[33m" + padded + "\u{1B}[0m"
        default: return padded
        }
    }

    static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { s in
            s.value > 0x20 && s.value != 0x7F && s != "\"" && s != "=" && s != "\\" && !(0x80...0x9F).contains(s.value)
        }
        guard !plain else { return text }
        var quoted = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) {
                    quoted += String(format: "\\u%04X", s.value)
                } else {
                    quoted.unicodeScalars.append(s)
                }
            }
        }
        return quoted + "\""
    }
}
