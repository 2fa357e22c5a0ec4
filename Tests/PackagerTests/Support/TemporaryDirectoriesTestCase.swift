import Foundation
import XCTest

/// A test case whose temporary directories (`temporaryDirectory()`) are removed after each test.
class TemporaryDirectoriesTestCase: XCTestCase {
    private var directories: [URL] = []

    func temporaryDirectory() throws -> URL {
        let dir = try TestMedia.temporaryDirectory()
        directories.append(dir)
        return dir
    }

    override func tearDown() {
        for dir in directories { try? FileManager.default.removeItem(at: dir) }
        directories = []
        super.tearDown()
    }
}
