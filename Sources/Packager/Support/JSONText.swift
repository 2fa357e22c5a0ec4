import CueDetect
import Primitives

/// JSON spelled by hand where the writer wants fixed key order and byte-stable output (log
/// lines, timeline snapshots). String escaping is CueDetect's, so every JSON pkgctl prints
/// escapes the same way.
enum JSONText {
    static func quoted(_ text: String) -> String { JSONValue.quoted(text) }
    static func optionalString(_ text: String?) -> String { text.map(quoted) ?? "null" }

    /// JSON has no infinities or NaN; they become `null` rather than invalid JSON.
    static func number(_ value: Double) -> String { value.isFinite ? value.description : "null" }

    /// An object with keys in the given order (deterministic output, readable diffs).
    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
