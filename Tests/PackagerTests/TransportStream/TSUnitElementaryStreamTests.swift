import XCTest
@testable import Packager

/// A video unit of pkgctl's own fMP4 path stays in the input's TS packets (`TSUnitElementaryStream`)
/// until it is written: its bytes, read piece by piece or gathered, are the PES's elementary
/// stream, and its input window stays mapped while the packet lives.
final class TSUnitElementaryStreamTests: XCTestCase {
    func testAHeldWindowAndTheWindowsAfterItStayMappedUntilTheHoldEnds() throws {
        let dir = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("windows.ts")
        let window = 2 << 20, packets = (3 * window + window / 4) / TSPacketBytes.size
        var bytes = [UInt8](repeating: 0xFF, count: packets * TSPacketBytes.size)
        for k in 0..<packets { bytes[k * TSPacketBytes.size] = TSPacketBytes.sync }
        try Data(bytes).write(to: url)
        let input = try TSInputWindow(mappingFile: url.path)
        for w in 0..<3 { _ = try input.packet(at: Int64(w * window + 188 * 10)) }
        XCTAssertEqual(input.mappedWindowCount, 3)

        XCTAssertTrue(input.hold(Int64(window + 188 * 3)))
        input.release(before: input.size)
        XCTAssertEqual(input.mappedWindowCount, 2, "window 0 released; 1 held, and 2 after it kept")
        input.unhold(Int64(window + 188 * 3))
        input.release(before: input.size)
        XCTAssertEqual(input.mappedWindowCount, 0)

        XCTAssertFalse(TSInputWindow(name: "udp:").hold(0), "appended input is not held")
    }

    func testOwnFMP4VideoPacketsStayInTheInputUntilWrittenAndWriteTheSameSamples() throws {
        let clip = try TSOutputMedia.clip()
        let probe = try XCTUnwrap(try TSStreamProbe.read(path: clip.url.path))
        let streams = InputStreams(probe: probe, path: clip.url.path)
        let input = try TSInputWindow(mappingFile: clip.url.path)
        let indexer = TSIndexer()
        var units: [TSAccessUnit] = []
        clip.bytes.withUnsafeBytes { indexer.feed($0, into: &units) }
        indexer.finish(into: &units)
        let demuxer = TSUnitDemuxer(input: input, grid: indexer.grid, streams: streams, ownBytes: true)
        let events = TSUnitEvents(streams: streams)
        var checked = 0
        for unit in units where unit.kind == .video {
            guard case .av(let packet)? = try demuxer.packets(of: unit, placed: events.packet(unit)).first?.payload else {
                return XCTFail("video unit \(checked): no demuxed packet")
            }
            let (_, es) = try XCTUnwrap(try TSUnitPayload.gather(unit, input: input, grid: indexer.grid))
            let deferred = try XCTUnwrap(packet.deferredBytes, "video unit \(checked) was copied at once")
            XCTAssertEqual(packet.prefix(6), Array(es.prefix(6)))
            XCTAssertNotNil(packet.deferredBytes, "reading a prefix gathers nothing")

            let fromPieces = FragmentTrack(id: 1, kind: .video, payload: .annexB, frameDuration: 0)
            try fromPieces.add(pieces: deferred.forEachPiece, pts: 3003, dts: 0, duration: 3003, key: unit.keyframe)
            let whole = FragmentTrack(id: 1, kind: .video, payload: .annexB, frameDuration: 0)
            try es.withUnsafeBytes { try whole.add($0, pts: 3003, dts: 0, duration: 3003, key: unit.keyframe) }
            XCTAssertEqual(fromPieces.samples.map(\.size), whole.samples.map(\.size))
            XCTAssertEqual(fromPieces.data.map { Array($0.bytes) }, whole.data.map { Array($0.bytes) })
            fromPieces.removeSamples()
            whole.removeSamples()

            XCTAssertEqual(packet.bytes, es)
            XCTAssertNil(packet.deferredBytes, "asked for whole, the bytes are the packet's own")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)
    }
}
