import Foundation
import XCTest

/// A live channel that stops while its origin answers nothing: the two waits for uploads share
/// one 25 s budget (each took up to 30 s before, a minute in all, past a supervisor's SIGKILL),
/// and what never reached the origin makes the exit a failure ("output not stored"), not 0.
final class LiveShutdownBudgetTests: TemporaryDirectoriesTestCase {
    /// A TCP port that accepts connections (the kernel completes them: it listens) and never
    /// reads or answers a request.
    private final class SilentOrigin {
        let port: UInt16
        private let descriptor: Int32

        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw CocoaError(.featureUnsupported) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw CocoaError(.featureUnsupported) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            descriptor = fd
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    func testAStopAgainstASilentOriginEndsWithin25sAndExitsAsAFailure() throws {
        let origin = try SilentOrigin()
        let media = try GeneratedMedia.ts(seconds: 20, videoKbps: 200)
        // Requests may hang for a minute and uploads be retried for two, so nothing the channel
        // sends is given up before it stops: every upload is still pending at the stop.
        let live = try PkgctlLiveProcess(["live", "-i", media.path, "-o", "http://127.0.0.1:\(origin.port)/live",
                                          "--state-dir", try temporaryDirectory().path, "--http-timeout", "60", "--http-retry", "120"])
        let started = Date()
        let exit = live.waitForExit(timeout: 90)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(exit?.status, 1, "output not stored is a failure")
        XCTAssertEqual(exit?.signalled, false)
        // The input (read at full speed) ends at once; then the two waits, 20 s and 5 s.
        XCTAssertGreaterThanOrEqual(elapsed, 25)
        XCTAssertLessThan(elapsed, 40, "the stop took \(elapsed) s")
        let shutdown = live.log.filter { $0.event == "shutdown" }
        XCTAssertEqual(shutdown.map { $0.string("outcome") }, ["unpublished"])
        XCTAssertEqual(live.log.filter { $0.event == "publish" && $0.action == "flush" }.count, 2, "both waits ran out")
        let message = live.plainStderr.filter { $0.hasPrefix("pkgctl live: output 'http://127.0.0.1:\(origin.port)/live' incomplete at exit: ") }
        XCTAssertEqual(message.count, 1, "\(live.plainStderr)")
        XCTAssertTrue(message.first?.contains("items still unpublished after waiting") == true, "\(message)")
    }
}
