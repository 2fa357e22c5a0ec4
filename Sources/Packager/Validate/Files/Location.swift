/// Where a reference was made, for messages about what it refers to.
struct Location: CustomStringConvertible {
    let file: String
    let line: Int

    var description: String { line > 0 ? "\(file):\(line)" : file }
}
