import CueDetect
import Foundation
@testable import Packager

/// Runs a LivePresentation the way the publisher does, against an in-memory store of what was
/// put, with a clock the test sets: the embedded harness for live publishing (no FFmpeg, no
/// files, no threads).
struct PresentationHarness {
    var presentation: LivePresentation
    var now: Double = 1_000
    /// Everything put, by name (text for playlists and lists; "<media>" for segments).
    private(set) var files: [String: String] = [:]
    /// Every playlist version put, in order, per name.
    private(set) var versions: [String: [String]] = [:]
    private(set) var stateSaves = 0
    private(set) var logs: [(LogLevel, LogEventName, LogFields)] = []
    /// Names the sink refuses; a save that fails when set.
    var refuse: Set<String> = []
    var failStateSaves = false
    /// Confirm media puts at once (a file sink) or hold them until `confirm` (an HTTP origin).
    var confirmAtOnce = true
    private(set) var unconfirmed: [String] = []
    private var token = 0

    /// Stops executing once this many actions ran (a kill -9 at that step); nil never.
    var crashAfter: Int?
    private(set) var actionsRun = 0
    private(set) var crashed = false
    /// The state as the last successful save left it on disk.
    private(set) var savedState: Data?
    /// Saves go through this store as well (a channel's state file and journal), when set.
    var store: JournaledLiveStateStore?

    init(options: LiveOptions = PresentationHarness.options(), state: LiveState? = nil, renditions: Int = 1,
         wallMillis: Int64 = 1_700_000_000_000) {
        presentation = LivePresentation(state: state ?? LiveState(options: options), options: options)
        presentation.startEpoch(variants: Array(repeating: VariantDescription(codecs: "avc1.64001f,mp4a.40.2"), count: renditions),
                                discontinuity: state != nil)
        presentation.anchor(ticks: 0, wallMillis: wallMillis)
    }

    /// The ad server's list template when `adServer` (ads are then filled by it, not by their
    /// own media).
    static let adServerTemplate = "https://ads.example/pod?id={id}&d={duration}"

    /// `minStartSegments` is 1 so a test sees each version; the start hold has its own test.
    static func options(placement: Placement = .overlay, adServer: Bool = false, minStartSegments: Int = 1) -> LiveOptions {
        var o = LiveOptions()
        o.minStartSegments = minStartSegments
        if adServer { o.policy.rules["ad"]?.assetSource = .assetListTemplate(adServerTemplate) }
        o.input = "udp://127.0.0.1:1"
        o.output = "/unused"
        o.defaultPlacement = placement
        o.assetBaseURL = URL(string: "http://cdn.example/")
        o.windowSeconds = nil
        o.windowSegments = 100
        return o
    }

    mutating func decide(_ d: SpanDecision) { run(presentation.decision(d, now: now)) }
    mutating func record(_ r: CutRecord) { run(presentation.record(r, now: now)) }
    mutating func tick() { run(presentation.tick(now: now)) }

    /// A closed segment of `target` from `start` to `end` seconds (its bytes are not needed).
    mutating func segment(_ target: OutputTarget, from start: Double, to end: Double, index: Int, rendition: Int = 0) {
        token += 1
        let s = FinishedSegment(target: target, rendition: rendition, index: index, startTicks: PlannerHarness.ticks(start),
                                durationTicks: PlannerHarness.ticks(end - start), bytes: Data(), isLast: false)
        run(presentation.segment(s, token: token, now: now))
    }

    mutating func confirm(_ name: String, ok: Bool = true) {
        unconfirmed.removeAll { $0 == name }
        run(ok ? presentation.stored(name, now: now) : presentation.failed(name, now: now))
    }

    mutating func run(_ plan: PublishPlan) {
        var queue = [plan]
        while !queue.isEmpty, !crashed {
            let current = queue.removeFirst()
            actions: for action in current {
                if let limit = crashAfter, actionsRun >= limit {
                    crashed = true
                    return
                }
                actionsRun += 1
                switch action {
                case let .putMedia(_, _, name):
                    if refuse.contains(name) {
                        queue.append(presentation.failed(name, now: now))
                    } else if confirmAtOnce {
                        files[name] = "<media>"
                        queue.append(presentation.stored(name, now: now))
                    } else {
                        files[name] = "<media>"
                        unconfirmed.append(name)
                    }
                case let .put(name, text, _):
                    guard !refuse.contains(name) else { continue }
                    files[name] = text
                    versions[name, default: []].append(text)
                case .saveState:
                    if failStateSaves {
                        presentation.stateSaveFailed()
                        break actions
                    }
                    if let store {
                        do { try store.save(presentation.state, at: Date(timeIntervalSince1970: now)) } catch {
                            presentation.stateSaveFailed()
                            break actions
                        }
                    }
                    stateSaves += 1
                    savedState = try? JSONEncoder().encode(presentation.state)
                case let .delete(name):
                    files[name] = nil
                    presentation.deleted(name)
                case let .log(level, event, fields):
                    logs.append((level, event, fields))
                }
            }
        }
        // As the publisher does once a plan's playlists are out.
        if !crashed { store?.compactIfDue() }
    }

    func playlist(_ k: Int = 0) -> String { files[OutputLayout.renditionPlaylist(k)] ?? "" }
    /// The date-range lines of one ID in the current playlist (announcement, then completions).
    func ranges(_ id: String, _ k: Int = 0) -> [String] { dateRangeLines(k).filter { $0.contains("ID=\"\(id)\",") } }
    func dateRangeLines(_ k: Int = 0) -> [String] { playlist(k).split(separator: "\n").map(String.init).filter { $0.hasPrefix("#EXT-X-DATERANGE") } }
}
