import Primitives

/// splice_schedule() (Table 8): splice events announced ahead by wall-clock time. Each event
/// must later be re-sent as a splice_insert, so these are informational for a packager.
public struct SpliceSchedule: Equatable, Sendable {
    public struct Event: Equatable, Sendable {
        public struct Component: Equatable, Sendable {
            public var componentTag: UInt8
            public var utcSpliceTime: UInt32

            public init(componentTag: UInt8, utcSpliceTime: UInt32) {
                self.componentTag = componentTag
                self.utcSpliceTime = utcSpliceTime
            }
        }

        public var spliceEventID: UInt32
        public var spliceEventCancelIndicator: Bool
        public var outOfNetworkIndicator: Bool = false
        public var programSpliceFlag: Bool = false
        public var durationFlag: Bool = false
        /// Seconds since 1980-01-06T00:00:00 UTC (the GPS epoch), program splice mode.
        public var utcSpliceTime: UInt32?
        public var components: [Component] = []
        public var breakDuration: BreakDuration?
        public var uniqueProgramID: UInt16 = 0
        public var availNum: UInt8 = 0
        public var availsExpected: UInt8 = 0

        public init(spliceEventID: UInt32, spliceEventCancelIndicator: Bool) {
            self.spliceEventID = spliceEventID
            self.spliceEventCancelIndicator = spliceEventCancelIndicator
        }
    }

    public var events: [Event]

    public init(events: [Event]) {
        self.events = events
    }

    static func decode(_ reader: inout BitReader) throws -> SpliceSchedule {
        let count = try reader.uint8("splice_count")
        var events: [Event] = []
        for _ in 0 ..< count {
            var event = Event(spliceEventID: try reader.uint32("splice_event_id"),
                              spliceEventCancelIndicator: try reader.flag("splice_event_cancel_indicator"))
            try reader.skip(bits: 7, "splice_schedule reserved")
            if !event.spliceEventCancelIndicator {
                event.outOfNetworkIndicator = try reader.flag("out_of_network_indicator")
                event.programSpliceFlag = try reader.flag("program_splice_flag")
                event.durationFlag = try reader.flag("duration_flag")
                try reader.skip(bits: 5, "splice_schedule reserved")
                if event.programSpliceFlag {
                    event.utcSpliceTime = try reader.uint32("utc_splice_time")
                } else {
                    let components = try reader.uint8("component_count")
                    for _ in 0 ..< components {
                        event.components.append(Event.Component(componentTag: try reader.uint8("component_tag"),
                                                                utcSpliceTime: try reader.uint32("utc_splice_time")))
                    }
                }
                if event.durationFlag { event.breakDuration = try BreakDuration.decode(&reader) }
                event.uniqueProgramID = try reader.uint16("unique_program_id")
                event.availNum = try reader.uint8("avail_num")
                event.availsExpected = try reader.uint8("avails_expected")
            }
            events.append(event)
        }
        return SpliceSchedule(events: events)
    }
}
