import Foundation

/// Follows a live media playlist: reloads it no sooner than one target duration after a
/// reload that brought new segments, half of one after a reload that did not (HLS §6.3.4), and
/// hands out each new segment once, by media sequence number. A reload that fails is retried
/// until `giveUpAfter` seconds have passed without a good one.
final class LivePlaylistPoller {
    private let url: URL
    private let name: String
    private let fetcher: HLSFetcher
    private let giveUpAfter: Double
    private(set) var playlist: HLSMediaPlaylist
    private var nextSequence: Int
    private var lastReload = Date()
    private var lastSuccess = Date()
    private var changed = true
    /// Segments skipped because the window moved past them before they were read.
    private(set) var missed = 0

    init(url: URL, name: String, fetcher: HLSFetcher, giveUpAfter: Double) throws {
        self.url = url
        self.name = name
        self.fetcher = fetcher
        self.giveUpAfter = giveUpAfter
        playlist = try Self.load(url, name: name, fetcher: fetcher)
        nextSequence = playlist.mediaSequence
    }

    static func load(_ url: URL, name: String, fetcher: HLSFetcher) throws -> HLSMediaPlaylist {
        switch try HLSPlaylistParser.parse(try fetcher.data(url), url: url, name: name) {
        case .media(let media): return media
        case .multivariant(let master):
            throw StitchedError.unsupported(playlist: name, line: master.variants.first?.line ?? 1, reason:
                "pkgctl live follows one media playlist: give the URI of one variant (a live multivariant input is not converted)")
        }
    }

    /// The next segment not handed out yet, if the playlist as last loaded has one.
    func nextSegment() -> HLSSegment? {
        if nextSequence < playlist.mediaSequence {
            missed += playlist.mediaSequence - nextSequence
            nextSequence = playlist.mediaSequence
        }
        let index = nextSequence - playlist.mediaSequence
        guard index < playlist.segments.count else { return nil }
        nextSequence += 1
        return playlist.segments[index]
    }

    var isFinished: Bool { playlist.endList && nextSequence - playlist.mediaSequence >= playlist.segments.count }

    /// Waits until the next reload is due (or `interrupt` is raised), then reloads.
    func reload(interrupt: InterruptFlag?) throws {
        let target = Double(playlist.targetDuration ?? 6)
        let due = lastReload.addingTimeInterval(changed ? target : target / 2)
        if let interrupt { interrupt.sleep(until: due) } else { Thread.sleep(until: due) }
        guard interrupt?.isRaised != true else { return }
        lastReload = Date()
        do {
            let fresh = try Self.load(url, name: name, fetcher: fetcher)
            changed = fresh.mediaSequence + fresh.segments.count != playlist.mediaSequence + playlist.segments.count
                || fresh.endList != playlist.endList
            playlist = fresh
            lastSuccess = Date()
        } catch let error as StitchedError {
            changed = false
            if case .unreadable = error, Date().timeIntervalSince(lastSuccess) < giveUpAfter { return }
            throw error
        }
    }
}
