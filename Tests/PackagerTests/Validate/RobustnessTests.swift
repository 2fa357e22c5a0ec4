import XCTest
@testable import Packager

/// Hostile numbers and bytes must become findings, never traps.
final class RobustnessTests: XCTestCase {
    private func check(_ text: String) -> [Finding] {
        let playlist = PlaylistReader.read(Array(text.utf8), file: "x.m3u8")
        return PlaylistRules.all.flatMap { $0.check(playlist) }
    }

    func testAbsurdNumbersProduceFindingsNotCrashes() {
        let text = """
        #EXTM3U
        #EXT-X-TARGETDURATION:9223372036854775807
        #EXT-X-MEDIA-SEQUENCE:18446744073709551615
        #EXT-X-SERVER-CONTROL:HOLD-BACK=9223372036.9
        #EXT-X-START:TIME-OFFSET=-9223372036.9
        #EXT-X-PROGRAM-DATE-TIME:2150-12-31T23:59:59.999-23:59
        #EXT-X-DATERANGE:ID="a",START-DATE="1900-01-01T00:00:00.000+23:59",END-DATE="2150-12-31T23:59:59.999Z",DURATION=9223372036.854775807
        #EXT-X-DATERANGE:ID="b",START-DATE="9999-01-01T00:00:00.000Z",DURATION=99999999999999999999999
        #EXTINF:9223372036.854775807,
        a.ts
        #EXTINF:9223372036.854775807,
        b.ts
        #EXT-X-PROGRAM-DATE-TIME:1900-01-01T00:00:00.000Z
        #EXTINF:-1,
        c.ts
        """
        let rules = Set(check(text).map(\.rule))
        XCTAssertTrue(rules.isSuperset(of: [.durationEndDate, .dateFormat, .segmentExtinf, .pdtMapping]), "\(rules)")
    }

    func testHugeSequenceNumbersInLiveUpdateDoNotOverflow() {
        let v1 = PlaylistReader.read(Array("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXT-X-DISCONTINUITY-SEQUENCE:18446744073709551615\n#EXT-X-DISCONTINUITY\n#EXTINF:6,\na.ts\n#EXTINF:6,\nb.ts\n".utf8), file: "v1")
        let v2 = PlaylistReader.read(Array("#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXT-X-DISCONTINUITY-SEQUENCE:0\n#EXTINF:6,\nb.ts\n".utf8), file: "v2")
        let update = LiveUpdate(previous: v1, current: v2)
        let rules = LiveUpdateRules.all.flatMap { $0.check(update) }.map(\.rule)
        XCTAssertEqual(rules, [.liveMediaSequence, .liveDiscontinuitySequence, .liveWindow])
    }

    func testArbitraryBytesAreReadWithoutTrapping() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("#EXT-X-DATERANGE:ID=\"\",0x.9-,\n\r:TARGETDURATION INF ".utf8) + [0, 0xFF, 0xEF, 0xBB, 0xBF]
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<400, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let playlist = PlaylistReader.read(bytes, file: "fuzz")
            _ = PlaylistRules.all.flatMap { $0.check(playlist) }
            _ = LiveUpdateRules.all.flatMap { $0.check(LiveUpdate(previous: playlist, current: playlist)) }
        }
    }
}
