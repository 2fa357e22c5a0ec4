/// A problem in a pipeline configuration file, naming the file and the key path.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String

    /// `file` is a path for a configuration file, or the flag (`--speed`) a value came from.
    public var description: String {
        if file.hasPrefix("-") { return "option '\(file)': \(message)" }
        return "\(file): \(path.isEmpty ? "" : path + ": ")\(message)"
    }
}
