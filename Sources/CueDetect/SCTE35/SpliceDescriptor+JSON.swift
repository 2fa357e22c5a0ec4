import Primitives

extension SpliceDescriptor {
    var jsonValue: JSONValue {
        switch self {
        case .avail(let avail):
            return .fields(header("Avail Descriptor") + [("provider_avail_id", .integer(avail.providerAvailID))])
        case .dtmf(let dtmf):
            return .fields(header("DTMF Descriptor") + [("preroll", .integer(dtmf.preroll)),
                                                         ("dtmf_count", .integer(dtmf.dtmfChars.count)),
                                                         ("dtmf_chars", .string(dtmf.dtmfText))])
        case .segmentation(let segmentation):
            return .fields(header("Segmentation Descriptor") + segmentation.jsonFields)
        case .time(let time):
            return .fields(header("Time Descriptor") + [("tai_seconds", .integer(time.taiSeconds)),
                                                         ("tai_ns", .integer(time.taiNanoseconds)),
                                                         ("utc_offset", .integer(time.utcOffset))])
        case .audio(let audio):
            return .fields(header("Audio Descriptor") + [("components", .array(audio.components.map { component in
                .fields([("component_tag", .integer(component.componentTag)),
                         ("iso_code", .string(component.language)),
                         ("bit_stream_mode", .integer(component.bitStreamMode)),
                         ("num_channels", .integer(component.numChannels)),
                         ("full_srvc_audio", .bool(component.fullServiceAudio))])
            }))])
        case .unknown(_, let identifier, let bytes):
            return .fields([("tag", .integer(tag)),
                            ("identifier", identifier.map { .hex($0, digits: 8) }),
                            ("name", .string("Unknown Descriptor")),
                            ("bytes", .string(HexText.upper(bytes)))])
        }
    }

    private func header(_ name: String) -> [(String, JSONValue?)] {
        [("tag", .integer(tag)), ("identifier", .string("CUEI")), ("name", .string(name))]
    }
}

extension SegmentationDescriptor {
    var jsonFields: [(String, JSONValue?)] {
        var fields: [(String, JSONValue?)] = [
            ("segmentation_event_id", .hex(segmentationEventID, digits: 8)),
            ("segmentation_event_id_int", .integer(segmentationEventID)),
            ("segmentation_event_cancel_indicator", .bool(segmentationEventCancelIndicator)),
        ]
        guard !segmentationEventCancelIndicator else { return fields }
        fields += [
            ("program_segmentation_flag", .bool(programSegmentationFlag)),
            ("segmentation_duration_flag", .bool(segmentationDurationFlag)),
            ("delivery_not_restricted_flag", .bool(deliveryNotRestrictedFlag)),
            ("web_delivery_allowed_flag", deliveryRestrictions.map { .bool($0.webDeliveryAllowed) }),
            ("no_regional_blackout_flag", deliveryRestrictions.map { .bool($0.noRegionalBlackout) }),
            ("archive_allowed_flag", deliveryRestrictions.map { .bool($0.archiveAllowed) }),
            ("device_restrictions", deliveryRestrictions.map { .integer($0.deviceRestrictions) }),
            ("components", programSegmentationFlag ? nil : .array(components.map { component in
                .fields([("component_tag", .integer(component.componentTag)),
                         ("pts_offset", .seconds(ticks: component.ptsOffset)),
                         ("pts_offset_ticks", .integer(component.ptsOffset))])
            })),
            ("segmentation_duration", segmentationDuration.map { .seconds(ticks: $0) }),
            ("segmentation_duration_ticks", segmentationDuration.map { .integer($0) }),
            ("segmentation_upid_type", .integer(upid.type)),
            ("segmentation_upid_type_name", .string(SegmentationUPID.typeName(upid.type))),
            ("segmentation_upid_length", .integer(upid.bytes.count)),
            ("segmentation_upid", upid.jsonValue),
            ("segmentation_type_id", .integer(segmentationTypeID)),
            ("segmentation_message", .string(segmentationType.name)),
            ("segment_num", .integer(segmentNum)),
            ("segments_expected", .integer(segmentsExpected)),
            ("sub_segment_num", subSegmentNum.map { .integer($0) }),
            ("sub_segments_expected", subSegmentsExpected.map { .integer($0) }),
        ]
        return fields
    }
}
