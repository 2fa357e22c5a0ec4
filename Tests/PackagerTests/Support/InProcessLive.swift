import Foundation
import XCTest
@testable import Packager

/// `pkgctl live` on a file input run in this process, as fast as the file reads, with every
/// playlist version recorded and every log line kept: the live pipeline end to end without a
/// child process or real-time waits.
struct InProcessLive {
    let output: URL
    let sink: RecordingSink
    let log: [PkgctlLiveProcess.LogLine]
    let outcome: LiveChannel.Outcome

    static func run(_ arguments: (inout LiveOptions) -> Void, input: URL, output: URL, spools: Bool = true,
                    sink prepare: (RecordingSink) -> Void = { _ in }) throws -> InProcessLive {
        var options = LiveOptions()
        options.input = input.path
        options.output = output.path
        arguments(&options)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let sink = RecordingSink(root: output, spools: spools)
        prepare(sink)
        let lines = LineRecorder()
        let channel = try LiveChannel(options: options, log: EventLog(output: { lines.append($0) }), sink: sink,
                                      stateDirectory: options.stateDirectory ?? output)
        let outcome = channel.run()
        let log = lines.lines.compactMap { raw -> PkgctlLiveProcess.LogLine? in
            guard let data = raw.data(using: .utf8),
                  let fields = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
            return PkgctlLiveProcess.LogLine(fields: fields, raw: raw, receivedAt: Date())
        }
        return InProcessLive(output: output, sink: sink, log: log, outcome: outcome)
    }

    /// A run whose playlist keeps every segment (a 100-segment window) and whose files stay for
    /// an hour, so the whole output can be compared afterwards.
    static func runKeepingEverything(_ arguments: (inout LiveOptions) -> Void, input: URL, output: URL,
                                     spools: Bool = true) throws -> InProcessLive {
        try run({
            $0.windowSegments = 100
            $0.windowSeconds = nil
            $0.keepExtra = 3600
            arguments(&$0)
        }, input: input, output: output, spools: spools)
    }

    func text(_ name: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
    }
}
