import Primitives

/// splice_insert() (Table 10): an out or in point, for the whole program or per component.
public struct SpliceInsert: Equatable, Sendable {
    /// One elementary stream's splice point in component splice mode.
    public struct Component: Equatable, Sendable {
        public var componentTag: UInt8
        /// nil when splice_immediate_flag is set (no splice_time is sent then).
        public var spliceTime: SpliceTime?

        public init(componentTag: UInt8, spliceTime: SpliceTime?) {
            self.componentTag = componentTag
            self.spliceTime = spliceTime
        }
    }

    public var spliceEventID: UInt32
    public var spliceEventCancelIndicator: Bool
    // The fields below are only sent when the event is not cancelled; a cancel leaves them
    // false / empty / nil / 0.
    public var outOfNetworkIndicator: Bool = false
    public var programSpliceFlag: Bool = false
    public var durationFlag: Bool = false
    public var spliceImmediate: Bool = false
    /// Program splice mode, not immediate.
    public var spliceTime: SpliceTime?
    /// Component splice mode (program_splice_flag 0).
    public var components: [Component] = []
    public var breakDuration: BreakDuration?
    public var uniqueProgramID: UInt16 = 0
    public var availNum: UInt8 = 0
    public var availsExpected: UInt8 = 0

    public init(spliceEventID: UInt32, spliceEventCancelIndicator: Bool) {
        self.spliceEventID = spliceEventID
        self.spliceEventCancelIndicator = spliceEventCancelIndicator
    }

    /// The signalled (unadjusted) splice time: the program time, or in component mode the
    /// first component that carries one.
    public var signalledTime: SpliceTime? {
        if programSpliceFlag { return spliceTime }
        return components.lazy.compactMap(\.spliceTime).first { $0.timeSpecified }
    }

    static func decode(_ reader: inout BitReader) throws -> SpliceInsert {
        var insert = SpliceInsert(spliceEventID: try reader.uint32("splice_event_id"),
                                  spliceEventCancelIndicator: try reader.flag("splice_event_cancel_indicator"))
        try reader.skip(bits: 7, "splice_insert reserved")
        guard !insert.spliceEventCancelIndicator else { return insert }
        insert.outOfNetworkIndicator = try reader.flag("out_of_network_indicator")
        insert.programSpliceFlag = try reader.flag("program_splice_flag")
        insert.durationFlag = try reader.flag("duration_flag")
        insert.spliceImmediate = try reader.flag("splice_immediate_flag")
        try reader.skip(bits: 4, "splice_insert reserved")
        if insert.programSpliceFlag {
            if !insert.spliceImmediate { insert.spliceTime = try SpliceTime.decode(&reader) }
        } else {
            let count = try reader.uint8("component_count")
            for _ in 0 ..< count {
                let tag = try reader.uint8("component_tag")
                let time = insert.spliceImmediate ? nil : try SpliceTime.decode(&reader)
                insert.components.append(Component(componentTag: tag, spliceTime: time))
            }
        }
        if insert.durationFlag { insert.breakDuration = try BreakDuration.decode(&reader) }
        insert.uniqueProgramID = try reader.uint16("unique_program_id")
        insert.availNum = try reader.uint8("avail_num")
        insert.availsExpected = try reader.uint8("avails_expected")
        return insert
    }
}
