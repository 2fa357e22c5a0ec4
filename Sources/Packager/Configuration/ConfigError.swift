/// A problem in a pipeline configuration file, naming the file and the key path.
public struct ConfigError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String

    public var description: String { "\(file): \(path.isEmpty ? "" : path + ": ")\(message)" }
}
