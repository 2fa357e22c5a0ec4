import DateRangeWriter

/// What a restarted `pkgctl live` needs to continue the same presentation: sequences and
/// window, every published date-range attribute, the ID and segment counters (never reused),
/// retention, and the spans still open when it stopped.
struct LiveState: Codable {
    /// 2: segment names `seg_%05d`, legacy cue spans, windows replaced when the target is fixed.
    /// 3: own-asset spans open as SCTE-35 metadata; the first publication is held back.
    /// 4: the windows' segments and the ledger's entries in the state journal; 3 is still read.
    /// 5: the journal's state lines are the commit point, the file a checkpoint; 4 reads the same
    /// (a journal without state lines), but a version 4 build would pass over the lines and roll
    /// back to the checkpoint, hence the number.
    /// 6: retention's pending deletions in the journal too (a version 5 build would read none, and
    /// leave those files on the disk for good).
    static let version = 6
    static let oldestReadableVersion = 3

    /// The window of the first video rendition; `renditionWindows` holds the others'.
    var window: LiveWindow
    var renditionWindows: [LiveWindow] = []
    var renditionSegmentIndices: [Int] = []
    var ledger = DateRangeLedger()
    var ids = InterstitialIDMaker()
    var nextSegmentIndex = 0
    var retention: RetentionPlanner
    var openSpans: [OpenSpan] = []
    /// PDT (epoch ms) where the last published segment ends; a new epoch never starts before it.
    var lastSegmentEndMillis: Int64?
    var endListed = false
    var announcedBandwidth = 0
    /// Overlay spans that still mark segments with legacy cue tags.
    var legacySpans: [LegacyCueBlocks.Span] = []
    /// The first playlist version went out (it waits until the window is long enough to join).
    var startPublished = false
    /// Every asset file put, by span ID, until the span leaves the playlists and its files are
    /// handed to `retention` for deletion.
    var assetFiles: [String: [String]] = [:]
    /// Media clock: per rendition, where the grid numbering stands (nil: the wall clock, whose
    /// names count from `nextSegmentIndex`).
    var grid: [LiveGridCursor]?
    /// Saved files only (`JournaledLiveStateStore`): how many segments of each rendition's window
    /// the state journal holds, the windows being saved without them; nil: inline (version 3).
    var journaledSegments: [Int]?
    /// Saved files only: the IDs of the ledger's date ranges, whose entries are in the journal.
    var journaledDateRanges: [String]?
    /// Saved files only: how many removed names wait out their availability in the journal, the
    /// retention being saved without them; nil: in the state itself (version 5 and older).
    var journaledRemovals: Int?
    /// Saved files only: the number of the save that wrote the file or state line; journal lines
    /// of later saves are not relied on.
    var journalGeneration: Int?

    /// An interstitial announced and not yet completed.
    struct OpenSpan: Codable, Equatable {
        var id: String
        var description: SpanDescription
        /// Announced as SCTE-35 metadata (its own media was to follow), not as an interstitial.
        var metadataOnly: Bool
    }

    init(options: LiveOptions) {
        window = Self.newWindow(options)
        retention = RetentionPlanner(keepExtra: options.keepExtra)
    }

    static func newWindow(_ options: LiveOptions) -> LiveWindow {
        options.event ? LiveWindow.event(targetDuration: options.targetDuration)
            : LiveWindow(targetDuration: options.targetDuration, windowSegments: options.windowSegments,
                         windowSeconds: options.windowSeconds)
    }

    /// A channel that has not published a segment yet takes the target its planner fixed.
    mutating func resetWindows(targetDuration: Int, options: LiveOptions) {
        var o = options
        o.targetDuration = targetDuration
        window = Self.newWindow(o)
        renditionWindows = renditionWindows.map { _ in Self.newWindow(o) }
    }

    /// Makes room for `count` renditions (a restart may find more than the state knew).
    mutating func ensureRenditions(_ count: Int, options: LiveOptions) {
        while renditionWindows.count < count - 1 { renditionWindows.append(Self.newWindow(options)) }
        while renditionSegmentIndices.count < count - 1 { renditionSegmentIndices.append(nextSegmentIndex) }
    }

    func window(_ rendition: Int) -> LiveWindow { rendition == 0 ? window : renditionWindows[rendition - 1] }

    /// Appends a segment to a rendition's window; returns the segments that left it.
    mutating func append(_ record: SegmentRecord, rendition: Int) -> [SegmentRecord] {
        rendition == 0 ? window.append(record) : renditionWindows[rendition - 1].append(record)
    }

    /// MEDIA-SEQUENCE of a rendition's window (the media clock numbers from the grid).
    func mediaSequence(_ rendition: Int) -> Int {
        window(rendition).mediaSequence + (grid.flatMap { rendition < $0.count ? $0[rendition].firstIndex : nil } ?? 0)
    }

    /// Media clock: a cursor for every rendition.
    mutating func ensureGridCursors(_ count: Int) {
        var cursors = grid ?? []
        while cursors.count < count { cursors.append(LiveGridCursor()) }
        grid = cursors
    }

    /// The next segment number of a rendition (names are never reused, restarts included).
    mutating func takeSegmentIndex(rendition: Int) -> Int {
        if rendition == 0 {
            defer { nextSegmentIndex += 1 }
            return nextSegmentIndex
        }
        defer { renditionSegmentIndices[rendition - 1] += 1 }
        return renditionSegmentIndices[rendition - 1]
    }
}
