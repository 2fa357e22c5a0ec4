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
}
