import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The file of `StateJournalLine`s beside a channel's state file, one JSON object a line
/// (`JournaledLiveStateStore` decides what goes in). Lines are only appended between rewrites.
/// A rewrite (`replace`) goes through a temp file and a rename, so the file is always the old or
/// the new complete version; with `PublishDurability.power` appends are fsynced before they
/// return. An append that fails part-way is cut off again before the next one, so a half line
/// is only ever the last.
final class StateJournal {
    static let name = ".pkgctl-live-journal.jsonl"

    let sink: AtomicFileSink
    /// The file's length after the last complete write (nil: not known, left as it is).
    private var goodLength: Int?
    /// The file's length after the last complete write (0 before any).
    var length: Int { goodLength ?? 0 }
    /// The file, open for appends (-1: not open).
    private var descriptor: Int32 = -1
    let fileURL: URL

    init(directory: URL, durability: PublishDurability) {
        sink = AtomicFileSink(root: directory, durability: durability)
        fileURL = sink.root.appendingPathComponent(Self.name)
    }

    deinit { closeFile() }

    /// Every line, in file order, or nil when there is no journal. A last line cut short (a
    /// write the process did not finish) is left out; a bad line before it is corruption.
    func read() throws -> [StateJournalLine]? {
        let path = fileURL.path
        guard let data = try LiveStateFileIO.read(path) else { return nil }
        let decoder = JSONDecoder()
        var lines: [StateJournalLine] = []
        let texts = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, text) in texts.enumerated() where !text.isEmpty {
            do {
                lines.append(try decoder.decode(StateJournalLine.self, from: Data(text)))
            } catch let error as DecodingError {
                // Only the final line can be a torn write: every other one ended with its newline.
                if number == texts.count - 1 { break }
                throw LiveStateError.corrupt(path: path, reason: "line \(number + 1): \(error.reason)")
            }
        }
        return lines
    }

    /// Adds lines at the end of the file (creating it when missing). The file stays open between
    /// appends (a save is then one write and, with `power`, one fsync); a failed append closes
    /// it, and the next one, opening it afresh, first cuts off what the failed one may have left.
    func append(_ lines: [StateJournalLine]) throws {
        guard !lines.isEmpty else { return }
        let path = fileURL.path
        let data = try Self.encode(lines, path: path)
        // A failure closes the file (its reason, errno included, is read before the close).
        let failed = { (reason: String) -> LiveStateError in
            self.closeFile()
            return Self.failed(path, reason)
        }
        if descriptor < 0 {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Self.failed(path, "open for append failed (errno \(errno))") }
            if let goodLength, lseek(descriptor, 0, SEEK_END) != off_t(goodLength), ftruncate(descriptor, off_t(goodLength)) != 0 {
                throw failed("cutting off a failed append failed (errno \(errno))")
            }
        }
        if let code = PlainFileWriter.writeAll(data, to: descriptor) { throw failed("write failed (errno \(code))") }
        if sink.durability.syncsFiles, fsync(descriptor) != 0 { throw failed("fsync failed (errno \(errno))") }
        goodLength = goodLength.map { $0 + data.count } ?? Int(lseek(descriptor, 0, SEEK_END))
    }

    /// Closes the file kept open for appends: before it is replaced or moved aside, the next
    /// append must open the file then at the name.
    func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Replaces the whole file with `lines`, atomically; with `power` the directory is fsynced
    /// after the rename, as the appends that follow rely on the new file being the one found at
    /// the name after a power cut.
    func replace(with lines: [StateJournalLine]) throws {
        let data = try Self.encode(lines, path: fileURL.path)
        closeFile()
        do { try sink.put(data, name: Self.name, kind: .state) } catch {
            throw Self.failed(fileURL.path, String(describing: error))
        }
        // The new file is at the name from the rename on: the next append must not cut it to
        // the old length, even when the directory's fsync fails.
        goodLength = data.count
        do { try sink.syncPublished() } catch {
            throw Self.failed(fileURL.path, String(describing: error))
        }
    }

    /// The bytes JSONEncoder writes with `.sortedKeys`, a line each (`SortedJSONEncoder`).
    private static func encode(_ lines: [StateJournalLine], path: String) throws -> Data {
        do { return try SortedJSONEncoder(pretty: false).encodeLines(lines) } catch {
            throw LiveStateError.encodeFailed(path: path, reason: String(describing: error))
        }
    }

    private static func failed(_ path: String, _ reason: String) -> LiveStateError {
        .saveFailed(path: path, reason: reason)
    }
}
