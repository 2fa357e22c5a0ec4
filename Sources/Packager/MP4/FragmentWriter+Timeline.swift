import Foundation

extension FragmentTrack {
    /// What carries from one fragment of a track to the next (with no fragment open).
    struct Timeline: Equatable {
        var startDTS: Int64?
        var trackDuration: Int64
        var hasCompositionOffsets: Bool
    }

    var timeline: Timeline {
        Timeline(startDTS: startDTS, trackDuration: trackDuration, hasCompositionOffsets: hasCompositionOffsets)
    }
}

extension FragmentWriter {
    /// Everything a next fragment's bytes depend on besides its samples: the moof sequence
    /// number and each track's time line. Two writers with equal timelines given the same
    /// samples write the same bytes.
    struct Timeline: Equatable {
        var sequence: UInt32
        var tracks: [FragmentTrack.Timeline]
    }

    var timeline: Timeline { Timeline(sequence: sequence, tracks: tracks.map(\.timeline)) }
}
