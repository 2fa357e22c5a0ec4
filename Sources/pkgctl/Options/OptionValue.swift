import Foundation

/// The value one option was given, with the conversions option tables use. Every failure is a
/// usage error naming the option as it was typed and what it expected.
struct OptionValue {
    /// The option as typed (`-o` or `--output`).
    let option: String
    /// Empty for a switch.
    let text: String

    func bad(_ expected: String) -> UsageError {
        .badValue(option: option, value: text, expected: expected)
    }

    /// A finite number.
    func number() throws -> Double {
        guard let value = Double(text), value.isFinite else { throw bad("a number") }
        return value
    }

    /// A number above zero; `expected` says what it counts (`a positive number of seconds`).
    func positive(_ expected: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else { throw bad(expected) }
        return value
    }

    /// A whole number from `minimum` up (to a bound no count reaches).
    func wholeNumber(atLeast minimum: Int) throws -> Int {
        guard let value = Double(text), value >= Double(minimum), value <= 1e15, value == value.rounded() else {
            throw bad("a whole number >= \(minimum)")
        }
        return Int(value)
    }

    /// One of an enumeration's spellings (the table lists them as the choices, so the scanner
    /// has already refused anything else).
    func word<Word: RawRepresentable & CaseIterable>(_ type: Word.Type = Word.self) throws -> Word where Word.RawValue == String {
        guard let word = Word(rawValue: text) else {
            throw bad("one of " + Word.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return word
    }

    /// The spellings of an enumeration, as a table's choice list.
    static func words<Word: RawRepresentable & CaseIterable>(_ type: Word.Type) -> [String] where Word.RawValue == String {
        Word.allCases.map(\.rawValue)
    }
}
