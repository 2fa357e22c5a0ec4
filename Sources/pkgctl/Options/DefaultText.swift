import Foundation

/// Defaults as help shows them, formatted from the values Packager itself starts from, so the
/// help cannot drift from what a run does.
enum DefaultText {
    /// `6`, `0.5`, `100000`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func number(_ value: Int) -> String { String(value) }
    static func number(_ value: Int64) -> String { String(value) }
}
