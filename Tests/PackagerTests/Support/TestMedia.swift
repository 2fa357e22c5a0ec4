import Foundation

/// Paths to the media and fixtures committed in the repository (tests never read ../shared).
enum TestMedia {
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repoRoot.appendingPathComponent("samples")
    static let fixtures = repoRoot.appendingPathComponent("Tests/PackagerTests/Fixtures")

    static let liveTS = samples.appendingPathComponent("live_scte35.ts")
    static let stitchedTS = samples.appendingPathComponent("stitched_vod.ts")

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    static func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return object
    }

    /// A fresh temporary directory, removed by the caller's teardown.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pkgctl-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
