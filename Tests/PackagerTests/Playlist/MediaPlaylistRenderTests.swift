import XCTest
@testable import Packager

final class MediaPlaylistRenderTests: XCTestCase {
    private let midnight = PlaylistSamples.midnight

    func testVODTransportStreamPlaylistGoldenText() throws {
        let segments = [
            PlaylistSamples.segment("seg0.ts", ticks: PlaylistSamples.ntscSix, pdt: midnight),
            PlaylistSamples.segment("seg1.ts", ticks: 584_999, startTicks: 540_540, pdt: midnight + 6006),
            PlaylistSamples.segment("seg2.ts", ticks: 270_000, startTicks: 5_000_000, pdt: midnight + 20_000, discontinuity: true),
        ]
        let playlist = MediaPlaylist(
            kind: .vod, targetDuration: MediaPlaylist.targetDuration(for: segments.map(\.durationTicks), requested: 6),
            segments: segments, dateRanges: [PlaylistSamples.dateRange("r1", at: midnight + 7000)],
            independentSegments: true, endList: true)
        let text = playlist.render()
        XCTAssertEqual(text, """
            #EXTM3U
            #EXT-X-VERSION:3
            #EXT-X-TARGETDURATION:6
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
            #EXTINF:6.006,
            seg0.ts
            #EXT-X-DATERANGE:ID="r1",START-DATE="2026-01-01T00:00:07.000Z",DURATION=10.000
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:06.006Z
            #EXTINF:6.499,
            seg1.ts
            #EXT-X-DISCONTINUITY
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:20.000Z
            #EXTINF:3.000,
            seg2.ts
            #EXT-X-ENDLIST

            """)
        let folder = try PlaylistFolder()
        try folder.write("vod.m3u8", text)
        XCTAssertEqual(try folder.findings(of: "vod.m3u8"), [])
        XCTAssertNoThrow(try playlist.checkText())
    }

    func testVODFragmentedMP4PlaylistWritesMapBeforeFirstSegmentAndOnChangeWithVersion6() throws {
        let segments = [
            PlaylistSamples.segment("a/0.m4s", ticks: 360_000, pdt: midnight, map: "a/init.mp4"),
            PlaylistSamples.segment("a/1.m4s", ticks: 360_000, startTicks: 360_000, pdt: midnight + 4000, map: "a/init.mp4"),
            PlaylistSamples.segment("b/0.m4s", ticks: 315_000, startTicks: 0, pdt: midnight + 8000, discontinuity: true, map: "b/init.mp4"),
            PlaylistSamples.segment("b/1.m4s", ticks: 45_000, startTicks: 315_000, pdt: midnight + 11_500, map: "b/init.mp4", gap: true),
        ]
        let playlist = MediaPlaylist(kind: .vod, targetDuration: 4, segments: segments, independentSegments: false, endList: true)
        XCTAssertEqual(playlist.version, 6)
        let text = playlist.render()
        XCTAssertEqual(text, """
            #EXTM3U
            #EXT-X-VERSION:6
            #EXT-X-TARGETDURATION:4
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-MAP:URI="a/init.mp4"
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z
            #EXTINF:4.000,
            a/0.m4s
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:04.000Z
            #EXTINF:4.000,
            a/1.m4s
            #EXT-X-DISCONTINUITY
            #EXT-X-MAP:URI="b/init.mp4"
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:08.000Z
            #EXTINF:3.500,
            b/0.m4s
            #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:11.500Z
            #EXT-X-GAP
            #EXTINF:0.500,
            b/1.m4s
            #EXT-X-ENDLIST

            """)
        let folder = try PlaylistFolder()
        try folder.write("fmp4.m3u8", text)
        XCTAssertEqual(try folder.findings(of: "fmp4.m3u8"), [])
    }

    func testSequenceNumbersAreWrittenForLiveAlwaysAndOtherwiseOnlyWhenNonZero() {
        let one = PlaylistSamples.run(1, ticks: 180_000)
        func header(_ kind: PlaylistKind, _ media: Int, _ discontinuity: Int) -> [String] {
            let text = MediaPlaylist(kind: kind, targetDuration: 2, mediaSequence: media, discontinuitySequence: discontinuity,
                                     segments: one, independentSegments: false, endList: false,
                                     extraHeaderLines: ["#EXT-X-START:TIME-OFFSET=0"]).render()
            return Array(text.split(separator: "\n").prefix { !$0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME") }.map(String.init).dropFirst(3))
        }
        XCTAssertEqual(header(.live, 0, 0), ["#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-DISCONTINUITY-SEQUENCE:0", "#EXT-X-START:TIME-OFFSET=0"])
        XCTAssertEqual(header(.event, 0, 0), ["#EXT-X-PLAYLIST-TYPE:EVENT", "#EXT-X-START:TIME-OFFSET=0"])
        XCTAssertEqual(header(.vod, 7, 0), ["#EXT-X-MEDIA-SEQUENCE:7", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-START:TIME-OFFSET=0"])
        XCTAssertEqual(header(.event, 0, 2), ["#EXT-X-DISCONTINUITY-SEQUENCE:2", "#EXT-X-PLAYLIST-TYPE:EVENT", "#EXT-X-START:TIME-OFFSET=0"])
    }

    func testSegmentURIThatWouldBreakThePlaylistIsRejected() {
        var segment = PlaylistSamples.segment("seg0.ts", ticks: 180_000, pdt: midnight)
        segment.uri = "seg0.ts\n#EXT-X-ENDLIST"
        let playlist = MediaPlaylist(kind: .vod, targetDuration: 2, segments: [segment], independentSegments: false, endList: true)
        XCTAssertThrowsError(try playlist.checkText()) { error in
            XCTAssertEqual(error as? PlaylistTextError,
                           .badURILine(uri: "seg0.ts\n#EXT-X-ENDLIST", reason: "it contains control character U+000A"))
        }
    }
}
