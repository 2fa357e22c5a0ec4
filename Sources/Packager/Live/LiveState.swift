import DateRangeWriter

/// What a restarted `pkgctl live` needs to continue the same presentation: sequences and
/// window, every published date-range attribute, the ID and segment counters (never reused),
/// retention, and the spans still open when it stopped.
struct LiveState: Codable {
    static let version = 1

    var window: LiveWindow
    var ledger = DateRangeLedger()
    var ids = InterstitialIDMaker()
    var nextSegmentIndex = 0
    var retention: RetentionPlanner
    var openSpans: [OpenSpan] = []
    /// PDT (epoch ms) where the last published segment ends; a new epoch never starts before it.
    var lastSegmentEndMillis: Int64?
    var endListed = false
    var announcedBandwidth = 0

    /// An interstitial announced and not yet completed.
    struct OpenSpan: Codable, Equatable {
        var id: String
        var description: SpanDescription
    }

    init(options: LiveOptions) {
        window = options.event ? LiveWindow.event(targetDuration: options.targetDuration)
            : LiveWindow(targetDuration: options.targetDuration, windowSegments: options.windowSegments,
                         windowSeconds: options.windowSeconds)
        retention = RetentionPlanner(keepExtra: options.keepExtra)
    }
}
