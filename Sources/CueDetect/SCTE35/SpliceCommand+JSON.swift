import Primitives

extension SpliceCommand {
    var jsonValue: JSONValue {
        let header: [(String, JSONValue?)] = [("name", .string(name))]
        switch self {
        case .spliceNull, .bandwidthReservation:
            return .fields(header)
        case .spliceSchedule(let schedule):
            return .fields(header + [("splice_count", .integer(schedule.events.count)),
                                     ("events", .array(schedule.events.map(\.jsonValue)))])
        case .spliceInsert(let insert):
            return .fields(header + insert.jsonFields)
        case .timeSignal(let signal):
            return .fields(header + [("splice_time", signal.spliceTime.jsonValue)])
        case .privateCommand(let command):
            return .fields(header + [("identifier", .hex(command.identifier, digits: 8)),
                                     ("private_bytes", .string(HexText.upper(command.privateBytes)))])
        case .unknown(let type, let bytes):
            return .fields(header + [("splice_command_type", .integer(type)),
                                     ("bytes", .string(HexText.upper(bytes)))])
        case .encrypted(let bytes):
            return .fields(header + [("bytes", .string(HexText.upper(bytes)))])
        }
    }
}

extension BreakDuration {
    var jsonFields: [(String, JSONValue?)] {
        [("break_auto_return", .bool(autoReturn)),
         ("break_duration", .seconds(ticks: duration)),
         ("break_duration_ticks", .integer(duration))]
    }
}

extension SpliceInsert {
    var jsonFields: [(String, JSONValue?)] {
        var fields: [(String, JSONValue?)] = [
            ("splice_event_id", .integer(spliceEventID)),
            ("splice_event_cancel_indicator", .bool(spliceEventCancelIndicator)),
        ]
        guard !spliceEventCancelIndicator else { return fields }
        fields += [
            ("out_of_network_indicator", .bool(outOfNetworkIndicator)),
            ("program_splice_flag", .bool(programSpliceFlag)),
            ("duration_flag", .bool(durationFlag)),
            ("splice_immediate_flag", .bool(spliceImmediate)),
            ("splice_time", spliceTime?.jsonValue),
            ("components", programSpliceFlag ? nil : .array(components.map { component in
                .fields([("component_tag", .integer(component.componentTag)),
                         ("splice_time", component.spliceTime?.jsonValue)])
            })),
        ]
        fields += breakDuration?.jsonFields ?? []
        fields += [
            ("unique_program_id", .integer(uniqueProgramID)),
            ("avail_num", .integer(availNum)),
            ("avails_expected", .integer(availsExpected)),
        ]
        return fields
    }
}

extension SpliceSchedule.Event {
    var jsonValue: JSONValue {
        var fields: [(String, JSONValue?)] = [
            ("splice_event_id", .integer(spliceEventID)),
            ("splice_event_cancel_indicator", .bool(spliceEventCancelIndicator)),
        ]
        if !spliceEventCancelIndicator {
            fields += [
                ("out_of_network_indicator", .bool(outOfNetworkIndicator)),
                ("program_splice_flag", .bool(programSpliceFlag)),
                ("duration_flag", .bool(durationFlag)),
                ("utc_splice_time", utcSpliceTime.map { .integer($0) }),
                ("components", programSpliceFlag ? nil : .array(components.map { component in
                    .fields([("component_tag", .integer(component.componentTag)),
                             ("utc_splice_time", .integer(component.utcSpliceTime))])
                })),
            ]
            fields += breakDuration?.jsonFields ?? []
            fields += [
                ("unique_program_id", .integer(uniqueProgramID)),
                ("avail_num", .integer(availNum)),
                ("avails_expected", .integer(availsExpected)),
            ]
        }
        return .fields(fields)
    }
}
