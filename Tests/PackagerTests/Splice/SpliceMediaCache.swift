import Foundation
@testable import Packager

/// The media a splice test class makes once (with ffmpeg) and shares between its tests, in one
/// temporary directory removed after the class (kept with `PKGCTL_KEEP_SPLICE_MEDIA` set).
final class SpliceMediaCache {
    private var directory: URL?
    private var checks: [String: SpliceCheck] = [:]

    /// The check of the source `make` writes into the class's directory, made on first use.
    func check(_ name: String, make: (URL) throws -> SpliceSource) throws -> SpliceCheck {
        if let check = checks[name] { return check }
        FFmpegLibraries.quietLogs()
        let directory = try self.directory ?? TestMedia.temporaryDirectory()
        self.directory = directory
        let check = try SpliceCheck(try make(directory), in: directory)
        checks[name] = check
        return check
    }

    /// For the class's `tearDown()`.
    func remove() {
        if let directory, ProcessInfo.processInfo.environment["PKGCTL_KEEP_SPLICE_MEDIA"] == nil {
            try? FileManager.default.removeItem(at: directory)
        }
        directory = nil
        checks = [:]
    }
}
