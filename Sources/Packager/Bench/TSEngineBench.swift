import CueDetect
import Dispatch
import Foundation

/// `pkgctl bench tsengine INPUT -o DIR [--segment-duration S] [--span START-END]… [--placement P]
/// [--single-file]`: the byte-level TS engine alone — index the input, cut it as the Segmenter
/// would (keyframes near the target, forced at the spans given in seconds from the first video
/// frame), and write the primary and one asset per span. No libavformat anywhere on this path.
public enum TSEngineBench {
    public struct Span: Sendable {
        public var start: Double
        public var end: Double
        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }
    }

    public struct Result: Sendable {
        public var seconds: Double
        public var stats: TSIndexerStats
        public var segments: [TSRoutedSegment]
        public var spans: [TSCutSpan]
        /// SCTE-35 sections CueDetect's scanner found in the same pass.
        public var cueSections: Int

        /// One line per output and a summary, for the bench script to compare with pkgctl vod.
        public var text: String {
            var lines: [String] = []
            let primary = segments.filter { $0.target == .primary }
            lines.append("primary " + primary.map { String(format: "%.3f", Double($0.durationTicks) / 90_000) }.joined(separator: ","))
            for span in spans.sorted(by: { $0.serial < $1.serial }) {
                let target = OutputTarget.asset(AssetKey(span: span.serial, piece: 0))
                let parts = segments.filter { $0.target == target }
                lines.append("asset \(span.serial) " + parts.map { String(format: "%.3f", Double($0.durationTicks) / 90_000) }
                    .joined(separator: ",") + (span.skipped.map { " skipped: \($0)" } ?? ""))
            }
            let unique = segments
            let bytes = unique.reduce(Int64(0)) { $0 + $1.written.length }
            let through = unique.reduce(Int64(0)) { $0 + $1.written.passedThrough }
            lines.append(String(format: "tsengine: %.3f s, %lld packets, %d units, %d segments, %lld bytes written "
                                + "(%lld by copy_file_range), %d sync losses, %d CC errors in input, %d SCTE-35 sections scanned",
                                seconds, stats.packets, stats.units, segments.count, bytes, through,
                                stats.syncLosses, stats.continuityErrors, cueSections))
            return lines.joined(separator: "\n")
        }
    }

    /// The whole subcommand (arguments after `tsengine`), so wiring it is one line in
    /// BenchCommand: `if args.first == "tsengine" { return TSEngineBench.main(Array(args.dropFirst())) }`.
    public static func main(_ args: [String]) -> Int32 {
        var input: String?, output: String?, seconds = 6.0, spans: [Span] = [], placement = Placement.strip
        var single = false
        var threshold: Int?
        var i = 0
        func value() -> String? {
            i += 1
            return i < args.count ? args[i] : nil
        }
        while i < args.count {
            switch args[i] {
            case "-o": output = value()
            case "--segment-duration": seconds = value().flatMap(Double.init) ?? -1
            case "--placement": placement = value().flatMap(Placement.init(rawValue:)) ?? .strip
            case "--single-file": single = true
            case "--passthrough-threshold": threshold = value().flatMap(Int.init)
            case "--span":
                let parts = (value() ?? "").split(separator: "-").compactMap { Double($0) }
                guard parts.count == 2 else { return usage("--span needs START-END in seconds") }
                spans.append(Span(start: parts[0], end: parts[1]))
            default: input = args[i]
            }
            i += 1
        }
        guard let input, let output, seconds > 0 else { return usage("need INPUT, -o DIR and a positive --segment-duration") }
        do {
            let result = try run(input: input, output: output, segmentSeconds: seconds, spans: spans,
                                 placement: placement, singleFile: single, passthroughThreshold: threshold)
            print(result.text)
            return 0
        } catch {
            FileHandle.standardError.write(Data("pkgctl bench tsengine: \(error)\n".utf8))
            return 1
        }
    }

    private static func usage(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data(("pkgctl bench tsengine: \(problem)\nusage: pkgctl bench tsengine INPUT -o DIR "
            + "[--segment-duration S] [--span START-END]… [--placement strip|overlay] [--single-file] [--passthrough-threshold BYTES]\n").utf8))
        return 2
    }

    public static func run(input: String, output: String, segmentSeconds: Double, spans: [Span],
                           placement: Placement, singleFile: Bool, passthroughThreshold: Int? = nil) throws -> Result {
        let began = DispatchTime.now().uptimeNanoseconds
        let window = try TSInputWindow(mappingFile: input)
        let indexer = TSIndexer()
        var made: Set<String> = []
        let root = URL(fileURLWithPath: output)
        let router = try TSOutputRouter(
            input: window, indexer: indexer, targetTicks: ProgramClock.ticks(seconds: segmentSeconds), spans: [],
            layout: singleFile ? .singleFile : .filePerSegment,
            segmentPath: { target, index in
                let dir: String
                switch target {
                case .primary: dir = "primary"
                case .asset(let serial): dir = "assets/span-\(serial)"
                }
                let url = root.appendingPathComponent(dir)
                if !made.contains(dir) {
                    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                    made.insert(dir)
                }
                return url.appendingPathComponent(singleFile ? "main.ts" : String(format: "seg_%05d.ts", index)).path
            })
        if let passthroughThreshold { router.passthroughThreshold = passthroughThreshold }
        var units: [TSAccessUnit] = []
        var installed = false
        var k: Int64 = 0
        // The integrated path also finds the cues in the same bytes: CueDetect's scanner runs
        // here too, so its cost is in the figure (the spans themselves come from the arguments).
        var scanner = TSSectionScanner()
        var events: [TSScanEvent] = []
        var sections = 0
        while let bytes = try window.fileWindow(k) {
            units.removeAll(keepingCapacity: true)
            events.removeAll(keepingCapacity: true)
            scanner.feed(bytes, into: &events)
            sections += events.reduce(0) { if case .section = $1 { return $0 + 1 } else { return $0 } }
            indexer.feed(bytes, into: &units)
            for unit in units {
                if !installed, unit.kind == .video, unit.keyframe, let t0 = unit.pts {
                    for (serial, span) in spans.enumerated() {
                        router.update(TSCutSpan(serial: serial, startTicks: t0 + ProgramClock.ticks(seconds: span.start),
                                                endTicks: t0 + ProgramClock.ticks(seconds: span.end), placement: placement))
                    }
                    installed = true
                }
                try router.consume(unit)
            }
            if let oldest = router.oldestNeededOffset { window.release(before: oldest) }
            k += 1
        }
        units.removeAll()
        indexer.finish(into: &units)
        for unit in units { try router.consume(unit) }
        let segments = try router.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000_000
        return Result(seconds: seconds, stats: indexer.stats, segments: segments,
                      spans: Array(router.spans.values), cueSections: sections)
    }
}
