import Foundation
import XCTest
@testable import Packager

/// pkgctl's own VOD outputs of the sample, made once per test process through the public
/// pipeline, and copies of them for tests that break something.
enum VodOutputs {
    private static let lock = NSLock()
    private static var made: [String: URL] = [:]

    /// `samples/live_scte35.ts` converted with the given segment format (cached).
    static func sample(_ format: SegmentMuxerFormat) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let url = made[format.rawValue] { return url }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-vod-outputs-\(ProcessInfo.processInfo.processIdentifier)")
        let output = root.appendingPathComponent(format.rawValue)
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var options = VodOptions()
        options.segmentFormat = format
        _ = try VodPipeline.run(input: TestMedia.liveTS.path, output: output, options: options)
        made[format.rawValue] = output
        return output
    }

    /// A fresh copy of an output in `directory`.
    static func copy(_ output: URL, into directory: URL) throws -> URL {
        let copy = directory.appendingPathComponent(output.lastPathComponent)
        try FileManager.default.copyItem(at: output, to: copy)
        return copy
    }

    /// Validate with media checks on, the assets read through `--map` of the default asset base.
    static func validate(_ output: URL, profiles: Set<ValidationProfile> = []) throws -> [Finding] {
        try PlaylistValidator.validate(input: output.path, options: ValidateOptions(
            maps: [URLMapping(prefix: "http://127.0.0.1:8000/", directory: output.path)], media: .on, profiles: profiles))
    }

    /// `file(relative to output):line rule severity` for each finding.
    static func summary(_ findings: [Finding], in output: URL) -> [String] {
        findings.map { finding in
            let file = finding.file.hasPrefix(output.path + "/") ? String(finding.file.dropFirst(output.path.count + 1)) : finding.file
            return "\(file):\(finding.line) \(finding.rule.rawValue) \(finding.severity.rawValue)"
        }
    }

    static func edit(_ file: URL, _ change: (String) -> String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit changed nothing in \(file.lastPathComponent)")
        try Data(changed.utf8).write(to: file)
    }
}
