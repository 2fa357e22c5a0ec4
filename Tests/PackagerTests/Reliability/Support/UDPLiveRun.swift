import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` in this process on a UDP input fed by a FaultyUDPRelay: the channel reads on a
/// thread of its own while the relay sends; once the relay is done and the input has drained,
/// the channel is stopped as SIGTERM would stop it. Every playlist version and log line is kept.
struct UDPLiveRun {
    let output: URL
    let sink: RecordingSink
    let log: [PkgctlLiveProcess.LogLine]
    let outcome: LiveChannel.Outcome
    let tally: FaultyUDPRelay.Tally

    static func run(file: URL, fault: FaultyUDPRelay.Fault, speed: Double = 8, seed: UInt64 = 1,
                    output: URL, options change: (inout LiveOptions) -> Void = { _ in }) throws -> UDPLiveRun {
        let port = try UDPTSSender.freeUDPPort()
        var options = LiveOptions()
        options.input = "udp://127.0.0.1:\(port)"
        options.inputOptions = ["fifo_size": "1000000", "overrun_nonfatal": "1"]
        options.output = output.path
        options.windowSegments = 40
        options.windowSeconds = nil
        options.inputTimeout = 30
        change(&options)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let sink = RecordingSink(root: output)
        let lines = LineRecorder()
        let channel = try LiveChannel(options: options, log: EventLog(output: { lines.append($0) }), sink: sink,
                                      stateDirectory: output)
        let relay = try FaultyUDPRelay(file: file, port: port, speed: speed, fault: fault, seed: seed)
        var outcome = LiveChannel.Outcome.stopped
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome = channel.run()
            finished.signal()
        }
        thread.start()
        let bound = Date(timeIntervalSinceNow: 10)
        while !UDPTSSender.isBound(udpPort: port), Date() < bound { Thread.sleep(forTimeInterval: 0.01) }
        relay.start()
        let sent = relay.waitUntilFinished(timeout: 120)
        Thread.sleep(forTimeInterval: 1.5)
        channel.interrupt.raise()
        if !sent { relay.stop() }
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success, "the channel did not stop")
        XCTAssertTrue(sent, "the relay did not finish")
        let log = lines.lines.compactMap { raw -> PkgctlLiveProcess.LogLine? in
            guard let data = raw.data(using: .utf8),
                  let fields = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
            return PkgctlLiveProcess.LogLine(fields: fields, raw: raw, receivedAt: Date())
        }
        return UDPLiveRun(output: output, sink: sink, log: log, outcome: outcome, tally: relay.tally)
    }

    var versions: [PlaylistVersionRecorder.Version] { sink.versions() }

    /// Every `input` line that is not the one open at the start: a reconnect, a loss, a retry.
    var reconnects: [String] {
        let input = log.filter { $0.event == "input" }
        return input.filter { $0.action != "open" && $0.action != "programme_change" }.map(\.raw)
            + input.filter { $0.action == "open" }.dropFirst().map(\.raw)
    }
}
