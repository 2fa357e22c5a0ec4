/// Greedy word wrapping for help text (a word longer than the width gets a line of its own).
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// `label` in a column of `column` characters, `text` wrapped beside it (below it when the
    /// label is wider than the column).
    static func hanging(_ label: String, _ text: String, column: Int, width: Int) -> String {
        let body = lines(text, width: max(20, width - column))
        let pad = String(repeating: " ", count: column)
        var out = ""
        if label.count + 1 < column {
            out = label + String(repeating: " ", count: column - label.count) + body[0] + "\n"
        } else {
            out = label + "\n" + pad + body[0] + "\n"
        }
        for line in body.dropFirst() { out += pad + line + "\n" }
        return out
    }
}
