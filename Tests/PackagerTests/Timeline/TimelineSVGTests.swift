import XCTest
@testable import Packager

/// The SVG renders: rsvg-convert turns it into a PNG whose size and colours are checked.
final class TimelineSVGTests: XCTestCase {
    /// Decodes an 8-bit RGB/RGBA PNG with the standard library (zlib + the five filters)
    /// and prints `width height` then every distinct colour as `r,g,b`.
    private static let pngColours = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert depth == 8 and colour in (2, 6), "unsupported PNG format %d/%d" % (depth, colour)
    bpp = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * bpp
    prev, colours, i = bytearray(stride), set(), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(tuple(line[x:x + 3]) for x in range(0, stride, bpp))
        prev = line
    print(width, height)
    for r, g, b in sorted(colours): print("%d,%d,%d" % (r, g, b))
    """#

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testSVGRendersToAPictureWithPrimaryRangeAndPointColours() throws {
        let s = TimelineFixtures.seconds
        // A 15 s RANGE inserted at 20 s (resume 0) widens the integrated timeline to 115 s;
        // the 10 s POINT at 60 s adds nothing there.
        let range = TimelineTestData.interstitial("recap", at: 20, duration: 15, resume: 0, occupancy: .range)
        let point = TimelineTestData.interstitial("ad<1>", at: 60, duration: 10, resume: 0)
        let snapshot = IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 100, [range, point]))
        XCTAssertEqual(snapshot.durationNanos, s(115))
        XCTAssertEqual(snapshot.playoutDurationNanos, s(125))
        let svg = TimelineSVGRenderer.render(snapshot)
        XCTAssertTrue(svg.contains(">ad&lt;1&gt; 10s</text>"), "labels carry the escaped ID and duration")
        XCTAssertTrue(svg.contains(">recap 15s</text>"))
        XCTAssertTrue(svg.contains(">1:45</text>"), "115 s needs 12 ten-second intervals, so ticks are every 15 s")
        XCTAssertFalse(svg.contains(">1:40</text>"))

        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgFile = directory.appendingPathComponent("timeline.svg")
        let pngFile = directory.appendingPathComponent("timeline.png")
        let scriptFile = directory.appendingPathComponent("colours.py")
        try Data(svg.utf8).write(to: svgFile)
        try Data(Self.pngColours.utf8).write(to: scriptFile)

        let convert = try run(["rsvg-convert", "-f", "png", "-o", pngFile.path, svgFile.path])
        guard convert.status != 127 else {
            return XCTFail("rsvg-convert is not installed: run scripts/deps.sh test (Debian package librsvg2-bin)")
        }
        XCTAssertEqual(convert.status, 0, "rsvg-convert failed on the SVG")
        let decoded = try run(["python3", scriptFile.path, pngFile.path])
        XCTAssertEqual(decoded.status, 0, "python3 could not decode the PNG")
        let lines = decoded.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "960 140")
        let colours = Set(lines.dropFirst())
        XCTAssertTrue(colours.isSuperset(of: ["255,255,255", "74,144,217", "245,166,35", "208,2,27"]),
                      "expected background, primary, range and point colours, got \(colours.count) colours")
    }

    func testLabelsThatWouldOverlapGoOnSeparateRowsAndThePictureGrows() {
        // Two POINTs at 50 s share one x (integrated 50 of 100 s): the second label moves
        // one row (14 px) up, and bar, axis and height move down by the same amount.
        let a = TimelineTestData.interstitial("first-ad", at: 50, duration: 10, resume: 0)
        let b = TimelineTestData.interstitial("second-ad", at: 50, duration: 10, resume: 0)
        let svg = TimelineSVGRenderer.render(IntegratedTimeline.snapshot(of: TimelineTestData.input(primary: 100, [a, b])))
        XCTAssertTrue(svg.contains(#"height="154" viewBox="0 0 960 154""#))
        XCTAssertTrue(svg.contains(##"<text x="480" y="56" font-family="sans-serif" font-size="12" fill="#222222" text-anchor="start">first-ad 10s</text>"##))
        XCTAssertTrue(svg.contains(##"<text x="480" y="42" font-family="sans-serif" font-size="12" fill="#222222" text-anchor="start">second-ad 10s</text>"##))
        XCTAssertTrue(svg.contains(##"<rect x="20" y="64" width="920" height="20" fill="#4a90d9"/>"##))
    }
}
