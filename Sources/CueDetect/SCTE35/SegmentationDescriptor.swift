import Primitives

/// segmentation_descriptor() (tag 0x02, Table 20): marks the start or end of a segment
/// (programme, chapter, break, ad, placement opportunity…) and names its content by UPID.
public struct SegmentationDescriptor: Equatable, Sendable {
    /// Present when delivery_not_restricted_flag is 0.
    public struct DeliveryRestrictions: Equatable, Sendable {
        public var webDeliveryAllowed: Bool
        public var noRegionalBlackout: Bool
        public var archiveAllowed: Bool
        /// 0–3, Table 21 (restrict group 0/1/2, none).
        public var deviceRestrictions: UInt8

        public init(webDeliveryAllowed: Bool, noRegionalBlackout: Bool, archiveAllowed: Bool, deviceRestrictions: UInt8) {
            self.webDeliveryAllowed = webDeliveryAllowed
            self.noRegionalBlackout = noRegionalBlackout
            self.archiveAllowed = archiveAllowed
            self.deviceRestrictions = deviceRestrictions
        }
    }

    /// Component segmentation mode: the elementary stream and its offset from the splice time.
    public struct Component: Equatable, Sendable {
        public var componentTag: UInt8
        /// 90 kHz ticks added to the command's splice time for this component.
        public var ptsOffset: UInt64

        public init(componentTag: UInt8, ptsOffset: UInt64) {
            self.componentTag = componentTag
            self.ptsOffset = ptsOffset
        }
    }

    public var segmentationEventID: UInt32
    public var segmentationEventCancelIndicator: Bool
    // The fields below are only sent when the event is not cancelled.
    public var programSegmentationFlag: Bool = true
    public var segmentationDurationFlag: Bool = false
    public var deliveryNotRestrictedFlag: Bool = true
    public var deliveryRestrictions: DeliveryRestrictions?
    public var components: [Component] = []
    /// 90 kHz ticks (40 bits); nil when segmentation_duration_flag is 0.
    public var segmentationDuration: UInt64?
    public var upid: SegmentationUPID = .notUsed
    public var segmentationTypeID: UInt8 = 0
    public var segmentNum: UInt8 = 0
    public var segmentsExpected: UInt8 = 0
    /// Only for types 0x34/0x36/0x38/0x3A, and only when the descriptor has room for them.
    public var subSegmentNum: UInt8?
    public var subSegmentsExpected: UInt8?

    public init(segmentationEventID: UInt32, segmentationEventCancelIndicator: Bool) {
        self.segmentationEventID = segmentationEventID
        self.segmentationEventCancelIndicator = segmentationEventCancelIndicator
    }

    public var segmentationType: SegmentationType { SegmentationType(segmentationTypeID) }

    /// Decodes the fields after `identifier` from a reader limited to the descriptor.
    static func decode(_ reader: inout BitReader, warnings: inout [String]) throws -> SegmentationDescriptor {
        var descriptor = SegmentationDescriptor(
            segmentationEventID: try reader.uint32("segmentation_event_id"),
            segmentationEventCancelIndicator: try reader.flag("segmentation_event_cancel_indicator"))
        try reader.skip(bits: 7, "segmentation_descriptor reserved")
        guard !descriptor.segmentationEventCancelIndicator else { return descriptor }

        descriptor.programSegmentationFlag = try reader.flag("program_segmentation_flag")
        descriptor.segmentationDurationFlag = try reader.flag("segmentation_duration_flag")
        descriptor.deliveryNotRestrictedFlag = try reader.flag("delivery_not_restricted_flag")
        if descriptor.deliveryNotRestrictedFlag {
            try reader.skip(bits: 5, "segmentation_descriptor reserved")
        } else {
            descriptor.deliveryRestrictions = DeliveryRestrictions(
                webDeliveryAllowed: try reader.flag("web_delivery_allowed_flag"),
                noRegionalBlackout: try reader.flag("no_regional_blackout_flag"),
                archiveAllowed: try reader.flag("archive_allowed_flag"),
                deviceRestrictions: UInt8(try reader.bits(2, "device_restrictions")))
        }
        if !descriptor.programSegmentationFlag {
            let count = try reader.uint8("component_count")
            for _ in 0 ..< count {
                let tag = try reader.uint8("component_tag")
                try reader.skip(bits: 7, "segmentation component reserved")
                descriptor.components.append(Component(componentTag: tag, ptsOffset: try reader.bits(33, "pts_offset")))
            }
        }
        if descriptor.segmentationDurationFlag {
            descriptor.segmentationDuration = try reader.bits(40, "segmentation_duration")
        }
        let upidType = try reader.uint8("segmentation_upid_type")
        let upidLength = Int(try reader.uint8("segmentation_upid_length"))
        let upidOffset = reader.byteOffset
        let upidBytes = try reader.bytes(upidLength, "segmentation_upid")
        descriptor.upid = try SegmentationUPID.decode(type: upidType, bytes: upidBytes, byteOffset: upidOffset,
                                                      warnings: &warnings)
        descriptor.segmentationTypeID = try reader.uint8("segmentation_type_id")
        descriptor.segmentNum = try reader.uint8("segment_num")
        descriptor.segmentsExpected = try reader.uint8("segments_expected")
        if descriptor.segmentationType.mayCarrySubSegments {
            if reader.remainingBytes >= 2 {
                descriptor.subSegmentNum = try reader.uint8("sub_segment_num")
                descriptor.subSegmentsExpected = try reader.uint8("sub_segments_expected")
            } else {
                warnings.append("segmentation_descriptor event \(descriptor.segmentationEventID) type \(HexText.prefixed(UInt64(descriptor.segmentationTypeID), digits: 2)) has no sub_segment_num/sub_segments_expected")
            }
        }
        return descriptor
    }
}
