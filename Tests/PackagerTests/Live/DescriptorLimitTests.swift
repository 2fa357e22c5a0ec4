import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Packager

/// `pkgctl live --channels` raises the open-file limit it was started with: a channel holds a
/// few descriptors open, and 400 of them pass systemd's default soft limit of 1,024.
final class DescriptorLimitTests: XCTestCase {
    func testTheSoftLimitIsRaisedToTheHardOne() throws {
        var original = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &original), 0)
        defer { _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &original) }
        try XCTSkipIf(original.rlim_max < 512, "the hard limit leaves nothing to raise")
        var lowered = original
        lowered.rlim_cur = 256
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered), 0)

        XCTAssertEqual(DescriptorLimit.raiseToHard(), UInt64(original.rlim_max))
        var now = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &now), 0)
        XCTAssertEqual(now.rlim_cur, original.rlim_max)
    }
}
