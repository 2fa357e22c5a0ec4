import Foundation

/// Writes finished segments into the staging tree (primary/…, assets/<id>/…) and remembers
/// what it wrote for the playlists.
final class VodSegmentWriter {
    /// What the playlists need of a written segment (its payload is on disk, not kept here).
    struct Written {
        var target: OutputTarget
        var index: Int
        var startTicks: Int64
        var durationTicks: Int64
        var uri: String          // relative to its playlist
        var bytes: Int
    }

    let root: URL
    let format: SegmentMuxerFormat
    /// Primary segments per video rendition.
    private(set) var primaries: [Int: [Written]] = [:]
    var primary: [Written] { primaries[0] ?? [] }
    private(set) var assets: [Int: [Written]] = [:]
    private(set) var initWritten: Set<String> = []
    private var createdDirectories: Set<String> = []

    init(root: URL, format: SegmentMuxerFormat) {
        self.root = root
        self.format = format
    }

    static let initName = "init.mp4"


    func directory(for target: OutputTarget, rendition: Int) -> String {
        switch target {
        case .primary: return OutputLayout.rendition(rendition)
        case .asset(let serial): return OutputLayout.directory(id: ids[serial] ?? "span-\(serial)")
        }
    }

    /// Span serial → range ID, kept current by the pipeline (asset directories are named by ID).
    var ids: [Int: String] = [:]

    /// Where the segmenter writes a segment directly; nil for what is not kept (assets of the
    /// other renditions) or when a directory cannot be made (the in-memory path then reports it).
    func path(for target: OutputTarget, rendition: Int, index: Int) -> String? {
        if case .asset = target, rendition != 0 { return nil }
        let dir = directory(for: target, rendition: rendition)
        let url = root.appendingPathComponent(dir)
        if !createdDirectories.contains(url.path) {
            guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return nil }
            createdDirectories.insert(url.path)
        }
        return url.appendingPathComponent(String(format: "seg_%05d.%@", index, format.segmentExtension)).path
    }

    func write(_ segment: FinishedSegment) throws {
        // An asset is the span's media from the first rendition (a media playlist, which the
        // interstitial spec allows); the other renditions only need the span cut out.
        if case .asset = segment.target, segment.rendition != 0 { return }
        let dir = directory(for: segment.target, rendition: segment.rendition)
        let name = String(format: "seg_%05d.%@", segment.index, format.segmentExtension)
        if segment.fileSize == nil { try store(segment.bytes, at: dir + "/" + name) }
        if let initBytes = segment.initSegment, !initWritten.contains(dir) {
            try store(initBytes, at: dir + "/" + Self.initName)
            initWritten.insert(dir)
        }
        let written = Written(target: segment.target, index: segment.index, startTicks: segment.startTicks,
                              durationTicks: segment.durationTicks, uri: name, bytes: segment.fileSize ?? segment.bytes.count)
        switch segment.target {
        case .primary: primaries[segment.rendition, default: []].append(written)
        case .asset(let serial): assets[serial, default: []].append(written)
        }
    }

    func store(_ bytes: Data, at relative: String) throws {
        let url = root.appendingPathComponent(relative)
        do {
            let directory = url.deletingLastPathComponent()
            if !createdDirectories.contains(directory.path) {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                createdDirectories.insert(directory.path)
            }
            try PlainFileWriter.write(bytes, to: url.path)
        } catch {
            throw VodError.output(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    func store(_ text: String, at relative: String) throws {
        try store(Data(text.utf8), at: relative)
    }
}
