import Foundation
import XCTest
@testable import Packager

/// What a live client can rely on at the moment a version is published, not only afterwards.
final class LiveTimelinessTests: XCTestCase {
    private var output: URL?
    private var pkgctl: PkgctlLiveProcess?
    private var sender: UDPTSSender?
    private var recorder: PlaylistVersionRecorder?

    override func tearDown() {
        sender?.stop()
        pkgctl?.kill()
        recorder?.stop()
        if let output { try? FileManager.default.removeItem(at: output) }
        super.tearDown()
    }

    /// A live input must be packaged as it arrives: when the encoder goes quiet right after the
    /// ad-1001 cue (sent at t = 26 s), the cue already received must be acted on during the
    /// silence, not held back until more bytes come in.
    func testUDPCueIsProcessedWithoutWaitingForFurtherDatagrams() throws {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        let port = try UDPTSSender.freeUDPPort()
        // 27.5 s of media at 10× (2.75 s), then 8 s of silence; input-timeout 30 ⇒ stall after 5 s.
        let udp = try UDPTSSender(file: TestMedia.liveTS, port: port, speed: 10,
                                  pause: .init(afterMediaSeconds: 27.5, seconds: 8))
        sender = udp
        let process = try PkgctlLiveProcess(["live", "-i", "udp://127.0.0.1:\(port)", "-o", dir.path,
                                             "--window", "5", "--input-timeout", "30"])
        pkgctl = process
        let deadline = Date(timeIntervalSinceNow: 10)
        while !UDPTSSender.isBound(udpPort: port), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        udp.start()
        let announce = process.waitForLog(timeout: 15) {
            $0.event == "span" && $0.action == "announce" && $0.string("id") == "ad-1001-1-scte35"
        }
        guard let announce else { return XCTFail("ad-1001-1 never announced: \(process.transcript.suffix(2000))") }
        // Announced while datagrams were still flowing: nothing was held back.
        guard let pauseStart = udp.pauseStart else { return }
        // The cue went out at t = 26 s, 1.5 s of media (0.15 s wall) before the pause began.
        let delay = announce.receivedAt.timeIntervalSince(pauseStart)
        XCTAssertLessThan(delay, 1.0, "ad-1001-1 was announced \(delay) s after the input went quiet for 8 s:"
                          + " bytes already received are held back until more arrive")
    }

    /// An interstitial's asset reference must resolve whenever a published version lists it: a
    /// player may preload it as soon as it sees the tag. Live extracted assets are offered only
    /// once stored, so their playlists are written before the tag. In-process:
    /// the recording sink notes which assets exist at each playlist put.
    func testInterstitialAssetReferenceResolvesWhenItsDateRangeIsPublished() throws {
        let dir = try TestMedia.temporaryDirectory()
        output = dir
        let run = try InProcessLive.run({ $0.windowSegments = 5; $0.windowSeconds = nil }, input: TestMedia.liveTS, output: dir)
        XCTAssertNotNil(run.log.first { $0.event == "publish" && $0.action == "asset" && $0.string("id") == "ad-1001-1" },
                        "the asset of ad-1001-1 was never published")
        var missing: [String] = []
        for version in run.sink.versions() {
            let parsed = LivePlaylistText(version.text)
            for id in parsed.rangeIDs {
                let attributes = parsed.range(id)?.attributes ?? [:]
                if attributes["X-ASSET-URI"] != nil, !version.assetsPresent.contains(id) {
                    missing.append(".version-\(version.number): \(id) asset playlist")
                }
                if attributes["X-ASSET-LIST"] != nil, !version.assetListsPresent.contains(id) {
                    missing.append(".version-\(version.number): \(id) asset list")
                }
                if attributes["CLASS"] == "com.apple.hls.interstitial" {
                    XCTAssertTrue(attributes["X-ASSET-URI"] != nil || attributes["X-ASSET-LIST"] != nil, "\(id) has no asset")
                }
            }
        }
        XCTAssertEqual(missing, [], "versions listing an interstitial whose asset reference did not resolve yet")
        // Once the break is over its interstitial names the extracted asset.
        let offered = run.sink.versions().lazy.compactMap { LivePlaylistText($0.text).range("ad-1001-1") }.first
        XCTAssertEqual(offered?.attributes["X-ASSET-URI"],
                       "http://127.0.0.1:8000/assets/ad-1001-1/index.m3u8?_HLS_interstitial_id=ad-1001-1")
    }
}
