import Foundation
@testable import Packager

/// The ground truth of the two sample programmes (samples/README.md, Fixtures/*.json): where the
/// spans that pkgctl turns into interstitials lie, in seconds since the first video frame.
struct VodSample {
    struct Span {
        var start: Double
        var end: Double
        var length: Double { end - start }
    }

    let name: String
    let url: URL
    let t0Ticks: Int64
    let duration: Double
    let spans: [Span]

    static let live = VodSample(name: "live_scte35", url: TestMedia.liveTS, t0Ticks: 324_126_000, duration: 180,
                                spans: [.init(start: 2, end: 12), .init(start: 30, end: 60), .init(start: 90, end: 110)])
    static let stitched = VodSample(name: "stitched_vod", url: TestMedia.stitchedTS, t0Ticks: 1_800_126_000, duration: 175,
                                    spans: [.init(start: 50, end: 65), .init(start: 105, end: 135)])
    static let all = [live, stitched]

    /// One video frame of the samples (30 fps), the tolerance for every time comparison.
    static let frame = 1.0 / 30

    /// Where each span's interstitial sits on the primary timeline when spans are stripped:
    /// its splice minus the length of the spans removed before it.
    var strippedPositions: [Double] {
        var removed = 0.0
        return spans.map { span in
            defer { removed += span.length }
            return span.start - removed
        }
    }

    var strippedDuration: Double { duration - spans.reduce(0) { $0 + $1.length } }
}

/// One `VodPipeline.run` into a fresh temporary directory (removed by `cleanUp`).
struct VodRun {
    let sample: VodSample
    let format: SegmentMuxerFormat
    let placement: Placement
    let root: URL          // the temporary parent
    let output: URL        // root/out
    let report: VodReport

    static func make(_ sample: VodSample, format: SegmentMuxerFormat, placement: Placement = .strip,
                     fileAssetBase: Bool = false, configure: (inout VodOptions) -> Void = { _ in }) throws -> VodRun {
        let root = try TestMedia.temporaryDirectory()
        let output = root.appendingPathComponent("out")
        var options = VodOptions()
        options.segmentFormat = format
        options.defaultPlacement = placement
        if fileAssetBase { options.assetBaseURL = URL(string: "file://" + output.path + "/") }
        configure(&options)
        let report = try VodPipeline.run(input: sample.url.path, output: output, options: options)
        return VodRun(sample: sample, format: format, placement: placement, root: root, output: output, report: report)
    }

    var label: String { "\(sample.name) \(format.rawValue) \(placement.rawValue)" }
    var primaryPlaylist: URL { output.appendingPathComponent("primary/index.m3u8") }

    func playlist(_ relative: String) throws -> MediaPlaylistText {
        try MediaPlaylistText(url: output.appendingPathComponent(relative))
    }

    func reportJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: output.appendingPathComponent("report.json"))
        return try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: data))
    }

    /// Asset directories named by the interstitials, in primary playlist order.
    func assetDirectories() throws -> [String] {
        try playlist("primary/index.m3u8").interstitials.map { range in
            let uri = range["X-ASSET-URI"] ?? ""
            guard let start = uri.range(of: "assets/"), let end = uri.range(of: "/index.m3u8") else { return uri }
            return "assets/" + uri[start.upperBound..<end.lowerBound]
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }
}

struct NotADictionary: Error {}

func XCTUnwrapDictionary(_ value: Any) throws -> [String: Any] {
    guard let dict = value as? [String: Any] else { throw NotADictionary() }
    return dict
}
