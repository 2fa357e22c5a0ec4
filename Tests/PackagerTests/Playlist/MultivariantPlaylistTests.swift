import XCTest
@testable import Packager

final class MultivariantPlaylistTests: XCTestCase {
    private let audio = [
        AudioRendition(groupID: "aud", name: "English", language: "en", uri: "audio_en/index.m3u8", isDefault: true, channels: "2"),
        AudioRendition(groupID: "aud", name: "Deutsch", language: "de", uri: "audio_de/index.m3u8", isDefault: false, channels: "2"),
    ]
    private let variants = [
        VariantStream(uri: "720p/index.m3u8", bandwidth: 2_500_000, averageBandwidth: 2_000_000, codecs: "avc1.640028,mp4a.40.2",
                      resolution: (1280, 720), frameRate: 30_000.0 / 1001.0, audioGroup: "aud"),
        VariantStream(uri: "360p/index.m3u8", bandwidth: 800_000, averageBandwidth: 650_123, codecs: "avc1.64001E,mp4a.40.2",
                      resolution: (640, 360), frameRate: 25, audioGroup: "aud"),
    ]

    func testMultivariantGoldenTextWithAudioGroupAndIndependentSegmentsOnce() throws {
        let master = MultivariantPlaylist(variants: variants, audio: audio, independentSegments: true)
        XCTAssertNoThrow(try master.checkText())
        let text = master.render()
        XCTAssertEqual(text, """
            #EXTM3U
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio_en/index.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio_de/index.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=2500000,AVERAGE-BANDWIDTH=2000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=29.970,AUDIO="aud"
            720p/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=650123,CODECS="avc1.64001E,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="aud"
            360p/index.m3u8

            """)
        let folder = try PlaylistFolder()
        try folder.write("master.m3u8", text)
        let interstitial = PlaylistSamples.dateRange("break-1", at: PlaylistSamples.midnight + 4000)
        for directory in ["720p", "360p", "audio_en", "audio_de"] {
            let segments = PlaylistSamples.run(3, ticks: 360_000, prefix: "\(directory)/s")
                .map { segment -> SegmentRecord in
                    var relative = segment
                    relative.uri = String(segment.uri.dropFirst(directory.count + 1))
                    return relative
                }
            let media = MediaPlaylist(kind: .vod, targetDuration: 4, segments: segments, dateRanges: [interstitial],
                                      independentSegments: false, endList: true)
            try folder.write("\(directory)/index.m3u8", media.render())
        }
        XCTAssertEqual(try folder.findings(of: "master.m3u8"), [])
    }

    func testOptionalAttributesAreLeftOutWhenUnknown() {
        let master = MultivariantPlaylist(
            variants: [VariantStream(uri: "audio_only.m3u8", bandwidth: 130_001, averageBandwidth: 128_000, codecs: "mp4a.40.2")],
            audio: [AudioRendition(groupID: "muxed", name: "Main", isDefault: true)], independentSegments: false)
        XCTAssertEqual(master.render(), """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="muxed",NAME="Main",DEFAULT=YES,AUTOSELECT=YES
            #EXT-X-STREAM-INF:BANDWIDTH=130001,AVERAGE-BANDWIDTH=128000,CODECS="mp4a.40.2"
            audio_only.m3u8

            """)
    }

    func testVariantValuesComeFromTheMeterAndCodecStrings() {
        var meter = BandwidthMeter(targetDuration: 6)
        for bytes in [750_000, 760_000, 300_000] { meter.add(bytes: bytes, durationTicks: 540_000) }
        let codecs = CodecString.list([CodecDescription(codecName: "h264", profile: 100, level: 31),
                                       CodecDescription(codecName: "aac", profile: 1)])
        let variant = VariantStream(uri: "v.m3u8", bandwidth: meter.peak, averageBandwidth: meter.average, codecs: codecs,
                                    resolution: (1280, 720), frameRate: 50)
        XCTAssertEqual(MultivariantPlaylist(variants: [variant], independentSegments: true).render(), """
            #EXTM3U
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-STREAM-INF:BANDWIDTH=1013334,AVERAGE-BANDWIDTH=804445,CODECS="avc1.64001F,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=50.000
            v.m3u8

            """)
    }

    func testNonsenseFrameRateFromTheInputIsLeftOut() {
        for rate in [Double.nan, .infinity, 0, -25, 1e300] {
            let variant = VariantStream(uri: "v.m3u8", bandwidth: 1, averageBandwidth: 1, codecs: "avc1.64001F", frameRate: rate)
            XCTAssertEqual(MultivariantPlaylist(variants: [variant], independentSegments: false).render(),
                           "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,AVERAGE-BANDWIDTH=1,CODECS=\"avc1.64001F\"\nv.m3u8\n", "\(rate)")
        }
    }

    func testLanguageWithAQuoteIsRejectedBeforeRendering() {
        var bad = audio
        bad[1].language = "de\"x"
        XCTAssertThrowsError(try MultivariantPlaylist(variants: variants, audio: bad, independentSegments: true).checkText()) { error in
            XCTAssertEqual(error as? PlaylistTextError,
                           .badQuotedString(tag: "EXT-X-MEDIA", attribute: "LANGUAGE", value: "de\"x", reason: "it contains a double quote"))
        }
    }
}
