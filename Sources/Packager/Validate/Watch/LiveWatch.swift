import Foundation

/// `pkgctl validate --watch`: re-reads a live playlist at its own pace (HLS §6.3.4), checks
/// each version with the static rules and, against the version before it, with the live
/// update rules, and hands over each finding the first time it appears. Stops at
/// EXT-X-ENDLIST in every media playlist, on a stop request, or after `durationSeconds`.
public struct LiveWatch {
    public struct Outcome: Equatable, Sendable {
        /// How many times the playlist was read.
        public var reads = 0
        public var errors = 0
        public var warnings = 0
        /// Every media playlist ended (EXT-X-ENDLIST).
        public var ended = false
    }

    public let input: String
    public var options: ValidateOptions
    public var durationSeconds: Double?

    public init(input: String, options: ValidateOptions, durationSeconds: Double? = nil) {
        self.input = input
        self.options = options
        self.durationSeconds = durationSeconds
    }

    /// - Parameters:
    ///   - emit: every new finding, as it is found.
    ///   - didRead: after each read, with the number of reads so far (tests grow a playlist here).
    public func run(stop: InterruptFlag, emit: (Finding) -> Void, didRead: (Int) -> Void = { _ in }) -> Outcome {
        let root = ResourceLocation(argument: input)
        let deadline = durationSeconds.map { Date().addingTimeInterval(max(0, $0)) }
        let probes = ProbeCache()
        var previous: [ResourceLocation: Playlist] = [:]
        var reported = Set<String>()
        var outcome = Outcome()
        var changed = true
        while true {
            var run = ValidationRun(options: options, networkAllowed: root.isRemote, probes: probes)
            var media: [ResourceLocation: Playlist] = [:]
            do {
                try run.validate(root)
                media = run.playlists.filter { $0.value.isMediaPlaylist }
                for (location, playlist) in media {
                    guard let old = previous[location] else { continue }
                    run.add(LiveUpdateRules.check(LiveUpdate(previous: old, current: playlist)))
                }
            } catch {
                run.add([Finding(file: root.description, line: 0, rule: root.isRemote ? .fetchFailed : .referenceMissing,
                                 severity: .error, message: "\(error)")])
            }
            outcome.reads += 1
            for finding in run.finish(roots: [root.description]) where reported.insert(Self.key(finding)).inserted {
                if finding.severity == .error { outcome.errors += 1 } else { outcome.warnings += 1 }
                emit(finding)
            }
            changed = media.contains { location, playlist in !Self.sameSegments(previous[location], playlist) }
            if !media.isEmpty { previous = media }
            didRead(outcome.reads)
            if !media.isEmpty, media.values.allSatisfy(\.hasEndList) {
                outcome.ended = true
                return outcome
            }
            let wait = Self.delay(previous.values.first, changed: changed)
            guard Self.sleep(seconds: wait, deadline: deadline, stop: stop) else { return outcome }
        }
    }

    /// A finding once per file, rule and message: line numbers move as the window slides.
    private static func key(_ finding: Finding) -> String {
        "\(finding.file)\u{1F}\(finding.rule.rawValue)\u{1F}\(finding.message)"
    }

    private static func sameSegments(_ old: Playlist?, _ new: Playlist) -> Bool {
        guard let old else { return false }
        return old.segments.count == new.segments.count && old.segments.last?.uri == new.segments.last?.uri
            && old.mediaSequence == new.mediaSequence
    }

    /// HLS §6.3.4: after a change wait the last segment's duration, else half the target
    /// duration; never under 0.1 s whatever the playlist claims.
    static func delay(_ playlist: Playlist?, changed: Bool) -> Double {
        let target = playlist?.targetDurationSeconds.map(Double.init)
        let last = playlist?.segments.last?.durationNanos.map { Double($0) / 1e9 }
        let seconds = changed ? (last ?? target) : (target.map { $0 / 2 } ?? last.map { $0 / 2 })
        return max(0.1, seconds ?? 1)
    }

    /// Sleeps in short slices so a stop request or the deadline ends the wait quickly.
    private static func sleep(seconds: Double, deadline: Date?, stop: InterruptFlag) -> Bool {
        let wake = Date().addingTimeInterval(seconds)
        while true {
            if stop.isRaised { return false }
            let now = Date()
            if let deadline, now >= deadline { return false }
            if now >= wake { return true }
            let until = min(wake, deadline ?? wake)
            Thread.sleep(forTimeInterval: min(0.05, until.timeIntervalSince(now)))
        }
    }
}
