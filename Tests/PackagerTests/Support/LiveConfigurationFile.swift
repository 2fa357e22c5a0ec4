import Foundation
@testable import Packager

/// The live options a configuration file resolves to: `{"live": {"input", "output"<extra>}}`
/// written into `directory` and loaded as `pkgctl live --config` would.
enum LiveConfigurationFile {
    /// - Parameter extra: more members of the `live` object, each with its leading comma.
    static func options(_ extra: String, in directory: URL) throws -> LiveOptions {
        let url = directory.appendingPathComponent("c.json")
        try #"{"live": {"input": "udp://x:1", "output": "/tmp/o"\#(extra)}}"#.write(to: url, atomically: true, encoding: .utf8)
        return try PipelineConfiguration.load(path: url.path).liveOptions()
    }
}
