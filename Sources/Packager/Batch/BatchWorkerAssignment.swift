import Foundation

/// What the batch hands a worker process (`pkgctl vod --batch-worker JSON`): the title's line
/// exactly as JOBS has it and what is needed to parse it the same way (BatchJobList.parseLine),
/// so the worker resolves the same settings the batch used to decide it needed converting.
public struct BatchWorkerAssignment: Codable, Equatable, Sendable {
    public var text: String
    public var index: Int
    public var line: Int
    public var source: String
    public var baseDirectory: String

    init(entry: BatchEntry, list: BatchJobList) {
        text = entry.text
        index = entry.index
        line = entry.line
        source = list.source
        baseDirectory = list.baseDirectory.path
    }

    public init(json: String) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
        } catch {
            throw BatchError.worker(reason: "assignment is not valid: \(error)")
        }
    }

    public var json: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data("{}".utf8), as: UTF8.self) }

    public var entry: BatchEntry {
        BatchJobList.parseLine(text, index: index, line: line, source: source, base: URL(fileURLWithPath: baseDirectory, isDirectory: true))
    }
}
