import Foundation
import XCTest

/// Temporary directories and repository media for the publishing tests.
enum PublishTestFolder {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func make(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pkgctl-publish-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Real MPEG-TS from the repository's samples cut into `count` packet-aligned pieces,
    /// so uploads carry the bytes a live channel would.
    static func transportStreamPieces(count: Int, packetsEach: Int = 40) throws -> [Data] {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("samples/live_scte35.ts"))
        let size = 188 * packetsEach
        return (0..<count).map { index in
            let start = (index * size) % max(1, data.count - size)
            return data.subdata(in: start..<(start + size))
        }
    }

    /// Spool files left anywhere in the tree (in the root or a rendition's directory).
    static func spools(under directory: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(".spool-") }
    }

    static func entries(of directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }
}

/// A test case with a fresh directory for a sink's root, removed after each test.
class SinkRootTestCase: XCTestCase {
    private var root: URL?

    override func setUpWithError() throws {
        root = try PublishTestFolder.make(String(describing: type(of: self)))
    }

    override func tearDown() {
        if let root { try? FileManager.default.removeItem(at: root) }
        root = nil
    }

    func sinkRoot() throws -> URL {
        guard let root else { throw WebDAVOriginError(description: "no temp root") }
        return root
    }
}
