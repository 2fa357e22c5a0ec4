import CueDetect
import XCTest

/// What a test needs to splice sections into a TS: each video PES's PTS with the index of the
/// packet it starts in, and the PMT's PID — from one pass of the section scanner.
struct TSScanOutline {
    let videoPTS: [(pts: UInt64, packetIndex: Int64)]
    let pmtPID: Int

    init(_ ts: [UInt8]) throws {
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        scanner.feed(ts, into: &events)
        videoPTS = events.compactMap { event in
            if case .videoPTS(let pts, _, let index) = event { return (pts, index) }
            return nil
        }
        pmtPID = try XCTUnwrap(events.compactMap { event -> Int? in
            if case .programMap(let map) = event { return map.pmtPID }
            return nil
        }.first, "no PMT in the stream")
    }

    /// `ts` with each section in a TS packet of its own on `pid` (PUSI, pointer_field 0, 0xFF
    /// stuffing, the PID's own continuity counter), just before the first video PES whose PTS is at
    /// or after the section's `arrival` (90 kHz). The PMT is left as it is.
    func inserting(_ sections: [(bytes: [UInt8], arrival: Int64)], pid: Int, into ts: [UInt8]) throws -> [UInt8] {
        var before: [Int64: [UInt8]] = [:]
        for section in sections {
            let index = try XCTUnwrap(videoPTS.first { Int64($0.pts) >= section.arrival }, "no video PES after \(section.arrival)")
            before[index.packetIndex] = section.bytes
        }
        var out: [UInt8] = []
        var cc: UInt8 = 0
        for index in 0..<(ts.count / 188) {
            if let section = before[Int64(index)] {
                var packet: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10 | cc, 0x00] + section
                packet += [UInt8](repeating: 0xFF, count: 188 - packet.count)
                out += packet
                cc = (cc + 1) & 0x0F
            }
            out += ts[(index * 188)..<(index * 188 + 188)]
        }
        return out
    }
}
