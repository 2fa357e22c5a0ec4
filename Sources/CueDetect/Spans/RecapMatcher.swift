import Foundation

/// SpanClassifier's recap pattern, compiled once and shared by the classifier's copies. A
/// pattern a user gave is compiled at once, so a bad one is reported when the configuration is
/// loaded; the built-in one (known to compile) waits until a Chapter Start or a container chapter
/// needs it: most inputs carry none, and that first ICU compile was about a millisecond of every
/// command's start (the defaults of every subcommand's options are built before one runs).
final class RecapMatcher: @unchecked Sendable {
    let pattern: String
    private let lock = NSLock()
    private var compiled: NSRegularExpression?

    init(pattern: String, compileNow: Bool) throws {
        self.pattern = pattern
        if compileNow { compiled = try Self.compile(pattern) }
    }

    func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex().firstMatch(in: text, options: [], range: range) != nil
    }

    private func regex() -> NSRegularExpression {
        lock.lock()
        defer { lock.unlock() }
        if let compiled { return compiled }
        do {
            let regex = try Self.compile(pattern)
            compiled = regex
            return regex
        } catch {
            // Only the built-in pattern is compiled late, and it compiles (SpanClassifierTests).
            preconditionFailure("built-in recap pattern must compile: \(error)")
        }
    }

    static let options: NSRegularExpression.Options = [.caseInsensitive]

    private static func compile(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: options)
    }
}
