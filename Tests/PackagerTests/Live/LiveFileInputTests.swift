import Foundation
import XCTest
@testable import Packager

/// A live channel whose input is a local file, a FIFO or standard input reads and probes it with
/// pkgctl's own reader (`LiveFileInput`, `TSStreamProbe.read(from:)`) and never loads FFmpeg;
/// what the own probe declines is demuxed by libavformat from the bytes already read.
final class LiveFileInputTests: TemporaryDirectoriesTestCase {

    func testFilesFIFOsAndStandardInputAreReadByPkgctlAndEveryProtocolByLibavformat() {
        XCTAssertEqual(LiveFileInput.localPath(of: "-"), "")
        XCTAssertEqual(LiveFileInput.localPath(of: "pipe:"), "")
        XCTAssertEqual(LiveFileInput.localPath(of: "pipe:0"), "")
        XCTAssertEqual(LiveFileInput.localPath(of: "/srv/in/feed.ts"), "/srv/in/feed.ts")
        XCTAssertEqual(LiveFileInput.localPath(of: "feed.ts"), "feed.ts")
        XCTAssertEqual(LiveFileInput.localPath(of: "file:/srv/in/feed.ts"), "/srv/in/feed.ts")
        XCTAssertEqual(LiveFileInput.localPath(of: "./at:12.ts"), "./at:12.ts")
        for url in ["udp://239.1.1.1:5000", "srt://encoder:9000?mode=caller", "http://origin/feed.ts", "tcp:encoder:9000",
                    "pipe:3", "file://host/feed.ts"] {
            XCTAssertNil(LiveFileInput.localPath(of: url), url)
        }
    }

    /// What a channel counts as a file input (availability on the media's clock at N×, listing
    /// as fast as it reads): any path, but no URL with a scheme, no pipe, no standard input.
    func testAFileInputIsAnyPathButNotAURLAPipeOrStandardInput() {
        var options = LiveOptions()
        for input in ["/srv/in.ts", "in.ts", "file:/srv/in.ts", "dir:/a/b.ts", "a//b.ts", "a:b/c"] {
            options.input = input
            XCTAssertTrue(options.isFileInput, input)
        }
        for input in ["udp://127.0.0.1:5000", "srt://host:9000?mode=caller", "file:///srv/in.ts", "://", "-", "pipe:", "pipe:0"] {
            options.input = input
            XCTAssertFalse(options.isFileInput, input)
        }
    }

    /// The probe of a stream that cannot be read twice gives what the file probe and
    /// libavformat give, and keeps every byte it read, in order, for the session that goes on.
    func testStreamProbeGivesLibavformatsTableAndKeepsTheBytesItRead() throws {
        let path = TestMedia.liveTS.path
        let input = try XCTUnwrap(try LiveFileInput(url: path, interrupt: nil))
        let probed = try TSStreamProbe.read(from: input, chunkSize: 10_000)
        let probe = try XCTUnwrap(probed.probe)
        XCTAssertEqual(probe, try TSStreamProbe.read(path: path))
        let read = probed.bytes.flatMap { $0 }
        XCTAssertEqual(probed.bytes.dropLast().map(\.count), Array(repeating: 10_000, count: probed.bytes.count - 1))
        XCTAssertEqual(Data(read), try Data(contentsOf: TestMedia.liveTS).prefix(read.count))
        // Less than a second of the 180 s file describes it.
        XCTAssertLessThan(read.count, 400_000)
        let own = InputStreams(probe: probe, path: path), theirs = try InputReader(url: path, mode: .media).streams
        XCTAssertEqual(own.all, theirs.all)
        XCTAssertEqual(own.variants, theirs.variants)
        XCTAssertEqual(own.formatName, theirs.formatName)
    }

    /// A pipe with nothing in it: the read waits, and gives up once the channel's flag is raised
    /// (shutdown or the stall limit) instead of blocking for ever; data that arrives is read.
    func testReadOfAnEmptyFIFOStopsWhenTheChannelIsInterrupted() throws {
        let fifo = try temporaryDirectory().appendingPathComponent("feed.ts").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = open(fifo, O_RDWR | O_NONBLOCK)         // holds the FIFO open, so opening it to read does not block
        XCTAssertGreaterThanOrEqual(writer, 0)
        defer { close(writer) }
        let interrupt = InterruptFlag()
        let input = try XCTUnwrap(try LiveFileInput(url: fifo, interrupt: interrupt))
        var buffer = [UInt8](repeating: 0, count: 1024)
        let sent: [UInt8] = [0x47, 1, 2, 3]
        XCTAssertEqual(write(writer, sent, 4), 4)
        XCTAssertEqual(try buffer.withUnsafeMutableBytes { try input.read(into: $0) }, 4)
        XCTAssertEqual(Array(buffer.prefix(4)), sent)
        interrupt.interrupt(after: Date().addingTimeInterval(0.3))
        let began = Date()
        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try input.read(into: $0) }) { error in
            XCTAssertEqual(error as? LiveInputError, .interrupted(input: fifo))
        }
        XCTAssertLessThan(Date().timeIntervalSince(began), 2)
    }

    /// A regular file's size feeds the forecast of its end (`InputEndForecast`, which gives none
    /// once more than that was read: the file grew); a FIFO has none.
    func testARegularFileHasItsSizeAndAFIFONone() throws {
        let size = Int64(try Data(contentsOf: TestMedia.liveTS).count)
        let file = try XCTUnwrap(try LiveFileInput(url: TestMedia.liveTS.path, interrupt: nil))
        XCTAssertEqual(file.fileSize, size)
        let fifo = try temporaryDirectory().appendingPathComponent("feed").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = open(fifo, O_RDWR)
        defer { close(writer) }
        XCTAssertNil(try XCTUnwrap(try LiveFileInput(url: fifo, interrupt: nil)).fileSize)
    }

    func testLiveChannelOfATSFileNeverOpensFFmpeg() throws {
        let out = try temporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let run = try PkgctlBinary.run(["live", "-i", TestMedia.liveTS.path, "-o", out.path, "--window", "100"],
                                       environment: environment)
        XCTAssertEqual(run.status, 0, String(run.err.suffix(2000)))
        XCTAssertFalse(run.err.contains("libavformat"), "pkgctl live opened FFmpeg's libraries")
        XCTAssertTrue(run.err.contains(#""engine":"bytes""#))
        XCTAssertEqual(LivePlaylistText(try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8))
            .segments.count, 32)
    }

    /// `cat file | pkgctl live -i -`: the same segments, byte for byte, as the file gives, but
    /// for the order of the last one's PIDs: the file's end is foretold from its size
    /// (`InputEndForecast`), so its last segment is written small, a few units at a time, as one
    /// before a span edge is, and its PIDs interleave as those smaller batches put them. Each
    /// PID's packets are the same, in the same order.
    func testStandardInputIsCutAsTheSameFileIs() throws {
        let fromFile = try temporaryDirectory(), fromPipe = try temporaryDirectory()
        _ = try InProcessLive.runKeepingEverything({ _ in }, input: TestMedia.liveTS, output: fromFile)
        let run = try pipe(TestMedia.liveTS, into: fromPipe)
        XCTAssertTrue(run.err.contains(#""engine":"bytes""#), String(run.err.prefix(2000)))
        let names = try segmentNames(fromFile)
        XCTAssertEqual(try segmentNames(fromPipe), names)
        XCTAssertEqual(names.filter { $0.hasPrefix("primary/") }.count, 32)
        let last = try XCTUnwrap(names.last { $0.hasPrefix("primary/") })
        for name in names {
            let piped = try Data(contentsOf: fromPipe.appendingPathComponent(name))
            let read = try Data(contentsOf: fromFile.appendingPathComponent(name))
            if name == last {
                XCTAssertNotEqual(piped, read, "the file's last segment was not written small")
                XCTAssertEqual(packetsByPID(piped), packetsByPID(read), name)
            } else {
                XCTAssertEqual(piped, read, name)
            }
        }
    }

    /// A TS file's 188-byte packets, by PID, in file order.
    private func packetsByPID(_ data: Data) -> [Int: [Data]] {
        var out: [Int: [Data]] = [:]
        var offset = data.startIndex
        while offset + 188 <= data.endIndex {
            let pid = Int(data[offset + 1] & 0x1F) << 8 | Int(data[offset + 2])
            out[pid, default: []].append(data[offset..<offset + 188])
            offset += 188
        }
        return out
    }

    /// AC-3 audio, which the own probe leaves to libavformat: read from a pipe, the bytes the probe
    /// took are demuxed first, so the segments still begin at the stream's first picture.
    func testStandardInputTheOwnProbeDeclinesIsDemuxedByLibavformatFromItsFirstByte() throws {
        let source = try temporaryDirectory().appendingPathComponent("ac3.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i",
                           "sine=frequency=1000:sample_rate=48000", "-t", "8", "-map", "0", "-map", "1",
                           "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0",
                           "-c:a", "ac3", "-f", "mpegts", source.path])
        let out = try temporaryDirectory()
        let run = try pipe(source, into: out)
        XCTAssertTrue(run.err.contains(#""engine":"libavformat""#), String(run.err.prefix(2000)))
        let playlist = LivePlaylistText(try String(contentsOf: out.appendingPathComponent("primary/index.m3u8"), encoding: .utf8))
        XCTAssertEqual(playlist.segments.map(\.duration).reduce(0, +), 8, accuracy: 0.041)
        XCTAssertEqual(playlist.segments.first?.uri, "seg_00000.ts")
    }

    /// `cat input | pkgctl live -i -` until the pipe ends (then the channel's retries of the
    /// ended pipe give up after the 2 s input timeout).
    private func pipe(_ input: URL, into out: URL) throws -> PkgctlBinary.Run {
        let command = "cat \(PkgctlBinary.shellQuoted(input.path)) | \(PkgctlBinary.shellQuoted(PkgctlBinary.path)) live -i - -o "
            + "\(PkgctlBinary.shellQuoted(out.path)) --window 100 --keep-extra 3600 --input-timeout 2"
        return try PkgctlBinary.run(executable: "/bin/sh", ["-c", command])
    }

    private func segmentNames(_ root: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".ts") }.sorted()
    }
}
