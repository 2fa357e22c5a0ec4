import Foundation
import XCTest
@testable import Packager

/// One `VodPipeline.run` of a `SpliceSource` with one break given as a sidecar cue sheet, OUT at
/// display picture `first` and IN at picture `end` (neither need be a keyframe), stripped; the
/// primary and the asset read back as single files (segments concatenated, fMP4 after its init).
struct VodSpliceRun {
    let check: SpliceCheck
    let first: Int
    let end: Int
    let format: SegmentMuxerFormat
    let mode: SpliceMode
    let output: URL
    let report: VodReport
    let primary: URL
    let asset: URL
    let primaryPlaylist: MediaPlaylistText
    let assetPlaylist: MediaPlaylistText

    var source: SpliceSource { check.source }
    var label: String { "\(source.url.lastPathComponent) \(first)..<\(end) \(format.rawValue) \(mode.rawValue)" }
    /// Seconds per picture.
    var frameSeconds: Double { Double(source.frameTicks) / source.ticksPerSecond }

    static func make(_ check: SpliceCheck, first: Int, end: Int, format: SegmentMuxerFormat, mode: SpliceMode,
                     configure: (inout VodOptions) -> Void = { _ in }) throws -> VodSpliceRun {
        let source = check.source
        let t0 = source.pts(ofFrame: 0)
        var sheet = CueSheetFile(t0Ticks: t0)
        sheet.splice(event: 7, from: source.seconds(ofFrame: first), to: source.seconds(ofFrame: end))
        let name = "\(source.url.deletingPathExtension().lastPathComponent)-\(first)-\(end)-\(format.rawValue)-\(mode.rawValue)"
        let cues = check.directory.appendingPathComponent(name + ".cues")
        try sheet.write(to: cues)
        let output = check.directory.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: output)
        var options = VodOptions()
        options.segmentFormat = format
        options.segmentDuration = 2
        options.sidecar = cues
        options.splice = mode
        configure(&options)
        let report = try VodPipeline.run(input: source.url.path, output: output, options: options)

        let primaryPlaylist = try MediaPlaylistText(url: output.appendingPathComponent("primary/index.m3u8"))
        let uri = try XCTUnwrap(primaryPlaylist.interstitials.first?["X-ASSET-URI"], "an interstitial names its asset")
        let assetPath = try XCTUnwrap(uri.range(of: "assets/").map { String(uri[$0.lowerBound...].prefix { $0 != "?" }) })
        let assetPlaylistURL = output.appendingPathComponent(assetPath)
        let ext = format == .ts ? "ts" : "mp4"
        let primary = output.appendingPathComponent("primary-joined.\(ext)")
        let asset = output.appendingPathComponent("asset-joined.\(ext)")
        try join(primaryPlaylist, in: output.appendingPathComponent("primary"), to: primary)
        let assetPlaylist = try MediaPlaylistText(url: assetPlaylistURL)
        try join(assetPlaylist, in: assetPlaylistURL.deletingLastPathComponent(), to: asset)
        return VodSpliceRun(check: check, first: first, end: end, format: format, mode: mode, output: output, report: report,
                            primary: primary, asset: asset, primaryPlaylist: primaryPlaylist, assetPlaylist: assetPlaylist)
    }

    /// A playlist's segments as one file, as a player appends them (fMP4: the init segment first).
    private static func join(_ playlist: MediaPlaylistText, in directory: URL, to file: URL) throws {
        var data = try playlist.mapURI.map { try Data(contentsOf: directory.appendingPathComponent($0)) } ?? Data()
        for segment in playlist.segments { data += try Data(contentsOf: directory.appendingPathComponent(segment.uri)) }
        try data.write(to: file)
    }

    /// report.json's `splices.edges`.
    func spliceEdges() throws -> [[String: Any]] {
        let data = try Data(contentsOf: output.appendingPathComponent("report.json"))
        let json = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: data))
        let splices = try XCTUnwrapDictionary(json["splices"] as Any)
        XCTAssertEqual(splices["mode"] as? String, mode.rawValue, label)
        return splices["edges"] as? [[String: Any]] ?? []
    }

    func keyframe(atOrAfter frame: Int) -> Int { source.keyframe(atOrAfter: frame) }
    func keyframe(atOrBefore frame: Int) -> Int { source.keyframe(atOrBefore: frame) }

    /// report.json's time of picture `frame` (seconds since the first, to the millisecond).
    func reportSeconds(ofFrame frame: Int) -> Double { source.reportSeconds(ofFrame: frame) }

    /// Decoded audio of `file` in seconds (mono, 48 kHz).
    static func audioSeconds(_ file: URL) throws -> Double { Double(try SpliceTool.audioSamples(file)) / 48_000 }

    /// The source's decoded audio in seconds.
    var sourceAudioSeconds: Double { get throws { try Self.audioSeconds(source.url) } }
}

extension SpliceSource {
    /// Display index of the first keyframe at or after picture `frame`.
    func keyframe(atOrAfter frame: Int) -> Int {
        let keyframes = video.filter(\.packet.isKeyframe).compactMap { displayPTS.firstIndex(of: $0.pts) }.sorted()
        return keyframes.first { $0 >= frame } ?? video.count
    }

    /// Display index of the last keyframe at or before picture `frame`.
    func keyframe(atOrBefore frame: Int) -> Int {
        let keyframes = video.filter(\.packet.isKeyframe).compactMap { displayPTS.firstIndex(of: $0.pts) }.sorted()
        return keyframes.last { $0 <= frame } ?? 0
    }

    /// report.json's time of picture `frame`: seconds since the first, to the millisecond.
    func reportSeconds(ofFrame frame: Int) -> Double {
        (Double(pts(ofFrame: frame) - pts(ofFrame: 0)) / 90).rounded() / 1000
    }
}
