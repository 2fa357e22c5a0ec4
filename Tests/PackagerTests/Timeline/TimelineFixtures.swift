import Foundation
@testable import Packager

/// Paths into Tests/PackagerTests/Fixtures/timeline and a compact form of a snapshot.
enum TimelineFixtures {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/timeline").path

    static func path(_ name: String) -> String { root + "/" + name }

    static func snapshot(_ name: String) throws -> TimelineSnapshot {
        IntegratedTimeline.snapshot(of: try TimelineLoader().load(.file(path(name))))
    }

    /// `id start-end o:playoutStart-playoutEnd p:primaryStart-primaryEnd` per segment
    /// (`primary` for primary), seconds; start-end is the integrated timeline.
    static func summary(_ snapshot: TimelineSnapshot) -> [String] {
        let s = Milliseconds.seconds
        return snapshot.segments.map {
            "\($0.id ?? "primary") \(s($0.startNanos))-\(s($0.endNanos)) o:\(s($0.playoutStartNanos))-\(s($0.playoutEndNanos))"
                + " p:\(s($0.primaryStartNanos))-\(s($0.primaryEndNanos))"
        }
    }

    static func markers(_ snapshot: TimelineSnapshot) -> [String] {
        let s = Milliseconds.seconds
        return snapshot.markers.map { "\($0.kind.rawValue) \($0.id) \(s($0.startNanos))-\(s($0.endNanos))" }
    }

    static func seconds(_ value: Int64) -> Int64 { value * DecimalSeconds.nanosPerSecond }
}
