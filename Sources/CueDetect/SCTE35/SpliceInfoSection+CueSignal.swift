extension SpliceInfoSection {
    /// What this section means to span pairing, independent of the wire format.
    /// Encrypted sections and commands other than splice_null, splice_insert and time_signal
    /// become `.other(command:)` with the command's name.
    public var cueSignal: CueSignal {
        switch command {
        case .spliceNull:
            return .heartbeat
        case .spliceInsert(let insert):
            return .spliceInsert(SpliceInsertSignal(
                eventID: insert.spliceEventID, cancel: insert.spliceEventCancelIndicator,
                outOfNetwork: insert.outOfNetworkIndicator, immediate: insert.spliceImmediate,
                breakDurationTicks: insert.breakDuration.map { Int64($0.duration) },
                autoReturn: insert.breakDuration?.autoReturn ?? false))
        case .timeSignal:
            return .segmentation(segmentationDescriptors.map(\.signal))
        case .spliceSchedule, .bandwidthReservation, .privateCommand, .unknown, .encrypted:
            return .other(command: commandName)
        }
    }
}

extension SegmentationDescriptor {
    var signal: SegmentationSignal {
        SegmentationSignal(eventID: segmentationEventID, cancel: segmentationEventCancelIndicator,
                           typeID: segmentationTypeID, durationTicks: segmentationDuration.map { Int64($0) },
                           upidType: upid.type, upid: upid.text, scrType: upid.scrType)
    }
}
