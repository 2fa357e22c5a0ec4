import Foundation

/// The titles of a JOBS file (JSON lines, `-` for stdin): one object per line with `input`,
/// `output` and optionally `config`, `start_date`, `sidecar`, `asset_base_url`. Blank lines are
/// ignored. A line that cannot be used becomes an entry with a `problem` — it fails alone, and
/// still counts for sharding, so every pod agrees on which pod owns which line.
public struct BatchJobList: Equatable, Sendable {
    /// The JOBS path, or "stdin", as messages name it.
    public let source: String
    /// What relative paths in JOBS are relative to.
    public let baseDirectory: URL
    public let entries: [BatchEntry]

    static let keys = ["input", "output", "config", "start_date", "sidecar", "asset_base_url"]

    public static func load(path: String, standardInput: FileHandle = .standardInput) throws -> BatchJobList {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if path == "-" {
            let text = String(decoding: standardInput.readDataToEndOfFile(), as: UTF8.self)
            return BatchJobList(text: text, source: "stdin", baseDirectory: cwd)
        }
        let url = URL(fileURLWithPath: path, relativeTo: cwd).standardizedFileURL
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw BatchError.jobsUnreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return BatchJobList(text: String(decoding: data, as: UTF8.self), source: path,
                            baseDirectory: url.deletingLastPathComponent())
    }

    public init(text: String, source: String, baseDirectory: URL) {
        self.source = source
        self.baseDirectory = baseDirectory
        var entries: [BatchEntry] = []
        var firstLineOfOutput: [String: Int] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineText = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            guard !lineText.allSatisfy(\.isWhitespace) else { continue }
            var entry = Self.parseLine(lineText, index: entries.count, line: offset + 1, source: source, base: baseDirectory)
            if let output = entry.job?.output {
                if let first = firstLineOfOutput[output] {
                    entry.problem = "\(source):\(entry.line): output '\(output)' is already the output of line \(first)"
                    entry.job = nil
                } else {
                    firstLineOfOutput[output] = entry.line
                }
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// One line of JOBS; the worker process parses its line with this too, so both agree.
    public static func parseLine(_ text: String, index: Int, line: Int, source: String, base: URL) -> BatchEntry {
        var entry = BatchEntry(index: index, line: line, text: text)
        do {
            entry.job = try job(text, index: index, line: line, where: "\(source):\(line)", base: base)
        } catch {
            entry.problem = String(describing: error)
        }
        return entry
    }

    private static func job(_ text: String, index: Int, line: Int, where place: String, base: URL) throws -> BatchJob {
        let object: ParsedJSON
        do {
            object = try JSONDecoder().decode(ParsedJSON.self, from: Data(text.utf8))
        } catch {
            throw ConfigError(file: place, path: "", message: "not a JSON object (one title per line: {\"input\": …, \"output\": …})")
        }
        let node = try ConfigNode(file: place, path: "", object: object)
        try node.allowOnly(keys)
        guard let input = try node.string("input"), !input.isEmpty else {
            throw node.fail("input", "missing: the title's source, a path or an http(s) URL")
        }
        guard let output = try node.string("output"), !output.isEmpty else {
            throw node.fail("output", "missing: a directory or an http(s) origin prefix")
        }
        var job = BatchJob(index: index, line: line, input: try location(input, key: "input", node: node, base: base),
                           output: try location(output, key: "output", node: node, base: base))
        if BaseURL.isHTTP(job.output) {
            guard let prefix = BaseURL.parse(job.output) else { throw node.fail("output", "'\(output)' is not an absolute URL") }
            job.output = prefix.absoluteString
        }
        job.config = try node.string("config").map { try location($0, key: "config", node: node, base: base) }
        job.sidecar = try node.string("sidecar").map { try location($0, key: "sidecar", node: node, base: base) }
        if let date = try node.string("start_date") {
            guard let parsed = ISODate.parse(date) else { throw node.fail("start_date", "'\(date)' is not an ISO 8601 date-time") }
            job.startDate = parsed
        }
        if let text = try node.string("asset_base_url") {
            guard let url = BaseURL.parse(text) else { throw node.fail("asset_base_url", "'\(text)' is not an absolute URL") }
            job.assetBaseURL = url
        }
        return job
    }

    /// An http(s) URL as written, or a path made absolute against `base`.
    private static func location(_ text: String, key: String, node: ConfigNode, base: URL) throws -> String {
        if BaseURL.isHTTP(text) { return text }
        if text.contains("://") {
            throw node.fail(key, "'\(text)' is neither a path nor an http(s) URL (object storage: use its https endpoint)")
        }
        return URL(fileURLWithPath: text, relativeTo: base).standardizedFileURL.path
    }
}
