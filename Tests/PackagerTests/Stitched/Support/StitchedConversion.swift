import Foundation
import XCTest
@testable import Packager

/// One `pkgctl vod` conversion of a stitched playlist into a fresh temporary directory, and the
/// checks every stitched conversion must pass, read from the written files.
struct StitchedConversion {
    let input: URL
    let root: URL
    let output: URL
    let report: VodReport

    static func run(_ playlist: URL, configure: (inout VodOptions) -> Void = { _ in }) throws -> StitchedConversion {
        let root = try TestMedia.temporaryDirectory()
        let output = root.appendingPathComponent("out")
        var options = VodOptions()
        options.assetBaseURL = URL(string: "file://" + output.path + "/")
        configure(&options)
        let report = try VodPipeline.run(input: playlist.path, output: output, options: options)
        return StitchedConversion(input: playlist, root: root, output: output, report: report)
    }

    var primary: URL { output.appendingPathComponent("primary/index.m3u8") }

    func playlist(_ relative: String = "primary/index.m3u8") throws -> MediaPlaylistText {
        try MediaPlaylistText(url: output.appendingPathComponent(relative))
    }

    /// report.json's `stitched.spans`, as written.
    func stitchedSpans() throws -> [[String: Any]] {
        let data = try Data(contentsOf: output.appendingPathComponent("report.json"))
        let json = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: data))
        let stitched = try XCTUnwrapDictionary(json["stitched"] as Any)
        return stitched["spans"] as? [[String: Any]] ?? []
    }

    /// Validator errors of the whole output (assets resolve to the output's files).
    func validationErrors() throws -> [String] {
        try PlaylistValidator.validate(path: output.path).filter { $0.severity == .error }
            .map { "\($0.file):\($0.line) \($0.rule) \($0.message)" }
    }

    func timeline() throws -> TimelineSnapshot {
        IntegratedTimeline.snapshot(of: try TimelineLoader().load(.file(primary.path)))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }
}

/// Seconds of an ISO 8601 date relative to a base in ms since 1970.
func secondsSince(_ base: Int64, _ text: String?) -> Double {
    guard let text, let date = ISODate.parse(text) else { return .nan }
    return date.timeIntervalSince1970 - Double(base) / 1000
}
