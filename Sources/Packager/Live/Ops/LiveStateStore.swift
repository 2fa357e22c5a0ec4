import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The name of a channel's live state file inside its state directory. A leading dot keeps
/// it out of directory listings and web server globs when the state sits beside the media.
public enum LiveStateFile {
    public static let name = ".pkgctl-live-state.json"
}

/// Saves and loads what a live channel needs to continue after a restart (media sequence,
/// discontinuity sequence, open spans…) as JSON.
///
/// Kill-safe: a save writes a temp file, renames it over the old one, so after a crash or
/// SIGKILL at any instant the file is the old or the new complete version; with
/// `PublishDurability.power` the file is fsynced before the rename and the directory after it,
/// so a power cut keeps it too. The store itself holds no mutable state.
public struct LiveStateStore<State: Codable> {
    public let directory: URL
    /// The layout version this build writes.
    public let version: Int
    /// The oldest layout it still reads (a newer layout that only adds to an older one reads both).
    public let oldestReadable: Int
    private let sink: AtomicFileSink

    public init(directory: URL, version: Int, oldestReadable: Int? = nil, durability: PublishDurability = .power) {
        self.directory = directory.standardizedFileURL
        self.version = version
        self.oldestReadable = min(oldestReadable ?? version, version)
        self.sink = AtomicFileSink(root: self.directory, durability: durability)
    }

    public var fileURL: URL { directory.appendingPathComponent(LiveStateFile.name) }

    /// The saved state, or nil when there is none yet (a first start).
    public func load() throws -> State? {
        let path = fileURL.path
        guard let data = try LiveStateFileIO.read(path) else { return nil }
        guard !data.isEmpty else { throw LiveStateError.corrupt(path: path, reason: "the file is empty") }
        let decoder = JSONDecoder()
        let header: LiveStateHeader
        do { header = try decoder.decode(LiveStateHeader.self, from: data) } catch let error as DecodingError {
            throw LiveStateError.corrupt(path: path, reason: error.reason)
        }
        guard header.format == LiveStateEnvelope<State>.formatTag else {
            throw LiveStateError.corrupt(path: path, reason: "format is '\(header.format)',"
                                         + " not '\(LiveStateEnvelope<State>.formatTag)'")
        }
        if header.version > version {
            throw LiveStateError.newerVersion(path: path, found: header.version, supported: version)
        }
        if header.version < oldestReadable {
            throw LiveStateError.olderVersion(path: path, found: header.version, supported: oldestReadable)
        }
        do {
            return try decoder.decode(LiveStateEnvelope<State>.self, from: data).state
        } catch let error as DecodingError {
            throw LiveStateError.corrupt(path: path, reason: error.reason)
        }
    }

    public func save(_ state: State, at time: Date) throws {
        let path = fileURL.path
        let envelope = LiveStateEnvelope(format: LiveStateEnvelope<State>.formatTag, version: version,
                                         savedAt: UTCTimestamp.iso8601Milliseconds(time), state: state)
        // Sorted and indented (JSONEncoder's [.sortedKeys, .prettyPrinted] text): people read the
        // file when a channel misbehaves.
        let data: Data
        do { data = try SortedJSONEncoder().encode(envelope, newline: true) } catch {
            throw LiveStateError.encodeFailed(path: path, reason: String(describing: error))
        }
        do { try sink.put(data, name: LiveStateFile.name, kind: .state) } catch {
            throw LiveStateError.saveFailed(path: path, reason: String(describing: error))
        }
        try syncDirectory()
    }

    /// For `--reset-state`: renames the current file to `<name>.rejected-<UTC time>` so the
    /// evidence survives, and returns where it went (nil when there was no file).
    @discardableResult
    public func moveAside(at time: Date) throws -> URL? {
        let stamp = UTCTimestamp.iso8601Milliseconds(time).replacingOccurrences(of: ":", with: "")
        let target = directory.appendingPathComponent(LiveStateFile.name + ".rejected-" + stamp)
        if rename(fileURL.path, target.path) == 0 { return target }
        let code = errno
        if code == ENOENT { return nil }
        throw LiveStateError.moveAsideFailed(path: fileURL.path, errno: code)
    }

    private func syncDirectory() throws {
        do { try sink.syncPublished() } catch {
            throw LiveStateError.saveFailed(path: fileURL.path, reason: String(describing: error))
        }
    }
}
