import Foundation

/// One title of a batch, as a line of the JOBS file says it: where to read, where to publish,
/// and the settings that differ for this title. Paths are absolute here (a relative path in
/// JOBS is relative to the JOBS file's directory, or to the working directory for stdin).
public struct BatchJob: Equatable, Sendable {
    /// Position among the title lines of JOBS, from 0 (blank lines do not count): the shard key.
    public var index: Int
    /// Line number in JOBS, from 1, for messages.
    public var line: Int
    /// An absolute file path or an http(s) URL.
    public var input: String
    /// An absolute directory path or an http(s) origin prefix.
    public var output: String
    /// A pipeline configuration merged over the batch's own.
    public var config: String?
    public var startDate: Date?
    public var sidecar: String?
    /// Asset URIs are absolute, so a catalogue published under one prefix per title needs one
    /// base per title (a batch-wide `--asset-base-url` would point every title at the same assets).
    public var assetBaseURL: URL?

    public init(index: Int, line: Int, input: String, output: String) {
        self.index = index
        self.line = line
        self.input = input
        self.output = output
    }
}

/// A title line of JOBS, parsed or not: a line that cannot be used fails as that title alone.
public struct BatchEntry: Equatable, Sendable {
    public var index: Int
    public var line: Int
    /// The line as written, handed to the worker process that converts it.
    public var text: String
    public var job: BatchJob?
    /// Why the line cannot be used, naming JOBS, the line and the key.
    public var problem: String?

    /// The input as written (for a report line even when the line did not parse).
    public var inputText: String { job?.input ?? "" }
    public var outputText: String { job?.output ?? "" }
}
