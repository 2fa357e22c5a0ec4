import Foundation

/// Polls a live playlist file on a background thread (every `interval`, 10 ms by default)
/// and keeps every distinct content in the order seen. Each version is also written next to
/// the original as `.version-NNNN.m3u8` (same directory, so relative segment URIs resolve)
/// for the validators, which take paths.
final class PlaylistVersionRecorder: @unchecked Sendable {
    struct Version {
        let number: Int
        let text: String
        let path: String
        let seenAt: Date
        /// Asset IDs whose `assets/<id>/index.m3u8` existed when this version was seen (only
        /// when the recorder was given `assetsRoot`).
        let assetsPresent: Set<String>
        /// Asset IDs whose asset list `assets/<id>/list.json` existed when this version was seen.
        let assetListsPresent: Set<String>
    }

    let playlist: URL
    let interval: Double
    private let lock = NSLock()
    private var stored: [Version] = []
    private var last: Data?
    private var stopRequested = false
    private var numberOffset: Int
    private let stopped = DispatchSemaphore(value: 0)
    private var running = false

    /// `firstNumber` lets a second recorder on the same file (after a restart) continue the numbering.
    let assetsRoot: URL?

    init(playlist: URL, interval: Double = 0.01, firstNumber: Int = 1, assetsRoot: URL? = nil) {
        self.playlist = playlist
        self.assetsRoot = assetsRoot
        self.interval = interval
        numberOffset = firstNumber
    }

    func start() {
        running = true
        let thread = Thread { [self] in
            while !isStopping {
                poll()
                Thread.sleep(forTimeInterval: interval)
            }
            poll()
            stopped.signal()
        }
        thread.name = "PlaylistVersionRecorder"
        thread.start()
    }

    /// Stops polling after one last look at the file.
    func stop() {
        guard running else { return }
        running = false
        lock.lock(); stopRequested = true; lock.unlock()
        _ = stopped.wait(timeout: .now() + 5)
    }

    var versions: [Version] { lock.lock(); defer { lock.unlock() }; return stored }

    /// Waits until a version satisfies `predicate`; returns it, or nil after `timeout`.
    func wait(timeout: Double, for predicate: (Version) -> Bool) -> Version? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        repeat {
            if let match = versions.first(where: predicate) { return match }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return versions.first(where: predicate)
    }

    private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopRequested }

    private func poll() {
        guard let data = FileManager.default.contents(atPath: playlist.path), !data.isEmpty, data != last else { return }
        last = data
        lock.lock()
        let number = numberOffset + stored.count
        lock.unlock()
        let copy = playlist.deletingLastPathComponent().appendingPathComponent(String(format: ".version-%04d.m3u8", number))
        try? data.write(to: copy)
        var present = Set<String>()
        var lists = Set<String>()
        if let assetsRoot, let ids = try? FileManager.default.contentsOfDirectory(atPath: assetsRoot.path) {
            for id in ids {
                if FileManager.default.fileExists(atPath: assetsRoot.appendingPathComponent(id + "/index.m3u8").path) {
                    present.insert(id)
                }
                if FileManager.default.fileExists(atPath: assetsRoot.appendingPathComponent(id + "/list.json").path) {
                    lists.insert(id)
                }
            }
        }
        let version = Version(number: number, text: String(decoding: data, as: UTF8.self), path: copy.path, seenAt: Date(),
                              assetsPresent: present, assetListsPresent: lists)
        lock.lock(); stored.append(version); lock.unlock()
    }
}
