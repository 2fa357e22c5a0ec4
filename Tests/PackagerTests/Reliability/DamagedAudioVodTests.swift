import XCTest
@testable import Packager

/// An AAC frame whose ADTS sync word was lost (damage in transit) is left out of the fMP4 the
/// byte-level reader makes, and report.json says how many bytes went: the frame's own length,
/// read from its header before the damage. The rest of the audio is untouched: one packet
/// fewer than the same input undamaged.
final class DamagedAudioVodTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try TestMedia.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// 12 s of H.264 and AAC with one AAC frame per PES (`-pes_payload_size 0`).
    private func cleanInput() throws -> URL {
        let url = dir.appendingPathComponent("clean.ts")
        try FFmpegCLI.run(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=f=440:r=48000",
                           "-t", "12", "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "aac",
                           "-pes_payload_size", "0", "-f", "mpegts", url.path])
        return url
    }

    /// The audio PES payloads of a TS: (offset of the ADTS header's first byte in the file, payload).
    private func audioPayloads(_ bytes: [UInt8]) -> [(headerOffset: Int, payload: [UInt8])] {
        var found: [(Int, [UInt8])] = []
        var audioPID: Int?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            for offset in stride(from: 0, through: buffer.count - TSPacketBytes.size, by: TSPacketBytes.size) {
                let p = base + offset
                guard let start = TSPacketBytes.payloadOffset(p) else { continue }
                let pid = TSPacketBytes.pid(p)
                if TSPacketBytes.unitStart(p), start + 9 <= TSPacketBytes.size,
                   p.load(fromByteOffset: start, as: UInt8.self) == 0, p.load(fromByteOffset: start + 2, as: UInt8.self) == 1,
                   (0xC0...0xDF).contains(p.load(fromByteOffset: start + 3, as: UInt8.self)) {
                    audioPID = pid
                    let data = start + 9 + Int(p.load(fromByteOffset: start + 8, as: UInt8.self))
                    found.append((offset + data, Array(UnsafeRawBufferPointer(start: p + data, count: TSPacketBytes.size - data))))
                } else if pid == audioPID, !TSPacketBytes.unitStart(p), !found.isEmpty {
                    found[found.count - 1].1 += UnsafeRawBufferPointer(start: p + start, count: TSPacketBytes.size - start)
                }
            }
        }
        return found
    }

    private func convert(_ input: URL, name: String) throws -> (VodReport, URL) {
        var options = VodOptions()
        options.segmentFormat = .fmp4
        let out = dir.appendingPathComponent(name)
        return (try VodPipeline.run(input: input.path, output: out, options: options), out)
    }

    private func audioPackets(_ out: URL) throws -> Int? {
        try MediaCheck.packetCount(of: out.appendingPathComponent("primary/index.m3u8"), stream: "a:0")
    }

    func testAFrameWithoutItsSyncWordIsDroppedAndItsBytesReported() throws {
        let clean = try cleanInput()
        var bytes = try TestMedia.bytes(clean)
        // A frame from the middle whose bytes after the first hold no 0xFF, so nothing in it can
        // pass for a sync word once its own is gone: the whole frame is what must be skipped.
        let frames = audioPayloads(bytes)
        XCTAssertGreaterThan(frames.count, 400, "expected about 560 AAC frames in 12 s at 48 kHz")
        guard let (headerOffset, payload) = frames.dropFirst(100).first(where: { frame in
            frame.payload.count > 7 && frame.payload[0] == 0xFF && frame.payload[1] & 0xF6 == 0xF0
                && !frame.payload.dropFirst().contains(0xFF)
        }) else { return XCTFail("no AAC frame without 0xFF bytes after its first") }
        let frameLength = Int(payload[3] & 0x03) << 11 | Int(payload[4]) << 3 | Int(payload[5] >> 5)
        XCTAssertEqual(frameLength, payload.count, "one ADTS frame per PES")
        bytes[headerOffset] = 0x00
        let damaged = dir.appendingPathComponent("damaged.ts")
        try Data(bytes).write(to: damaged)

        let (cleanReport, cleanOut) = try convert(clean, name: "out-clean")
        let (report, out) = try convert(damaged, name: "out-damaged")
        XCTAssertEqual(cleanReport.warnings.filter { $0.contains("ADTS") }, [])
        XCTAssertEqual(report.warnings.filter { $0.contains("ADTS") },
                       ["\(frameLength) byte(s) of AAC audio in '\(damaged.path)' outside any ADTS frame dropped (damaged or cut-off frames)"])
        let before = try XCTUnwrap(try audioPackets(cleanOut))
        XCTAssertEqual(try audioPackets(out), before - 1)
    }
}
