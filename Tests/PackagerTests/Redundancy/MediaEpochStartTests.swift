import CueDetect
import XCTest
@testable import Packager

/// The media clock's pre-roll: read half a step, measure the clock, open at a keyframe on the grid.
final class MediaEpochStartTests: XCTestCase {
    private let step: Int64 = 540_000
    private let origin: Int64 = 161_651_700_000_000      // a whole hour: cells fall on whole 6 s

    private func packet(_ role: MediaPacket.Role, pts: Int64, key: Bool = false) -> PipelineEvent {
        let unit = TSAccessUnit(pid: role == .audio ? 0x101 : 0x100, kind: role == .audio ? .audio : .video, serial: 0,
                                firstPacket: 0, lastPacket: 0, packetCount: 1, pts: pts, dts: pts, keyframe: key,
                                duration: 3_000, section: nil)
        return .packet(MediaPacket(unit: unit, role: role, pts: pts, dts: pts))
    }

    private func cue(at ticks: Int64) -> PipelineEvent {
        .cue(DetectedCue(origin: .transportStream(pid: 0x1F5), bytes: [0xFC], section: nil, decodeError: nil, arrivalPTS: nil,
                         splicePTS: nil, effectiveTicks: ticks, arrivalTicks: ticks, chapter: nil))
    }

    private func describe(_ step: MediaEpochStart.Step) -> String {
        switch step {
        case .pass: return "pass"
        case .hold: return "hold"
        case .open(let anchor, let held): return "open \(anchor.originTicks) with \(held.count) held"
        }
    }

    func testTheBoundaryIsTheFirstGridLineAtLeastHalfAStepAfterTheFirstFrame() {
        let gate = MediaEpochStart(stepTicks: step, operatorOrigin: origin, notBefore: nil)
        XCTAssertEqual(gate.boundary(firstTicks: 3_601 * 90_000 + 36_000, origin: origin), 3_606 * 90_000)
        XCTAssertEqual(gate.boundary(firstTicks: 3_602 * 90_000, origin: origin), 3_606 * 90_000, "exactly half a step")
        XCTAssertEqual(gate.boundary(firstTicks: 3_603 * 90_000 + 1, origin: origin), 3_612 * 90_000)
    }

    func testCuesWaitAndMediaIsDroppedUntilAKeyframeOnTheGridOpensTheEpoch() {
        var gate = MediaEpochStart(stepTicks: step, operatorOrigin: origin, notBefore: nil)
        let wall = origin + 3_700 * 90_000
        let first = Int64(3_601 * 90_000 + 36_000)
        var steps: [String] = []
        steps.append(describe(gate.admit(packet(.video(rendition: 0), pts: first, key: true), wallTicks: wall)))
        steps.append(describe(gate.admit(cue(at: first + 900_000), wallTicks: wall)))
        steps.append(describe(gate.admit(packet(.audio, pts: first), wallTicks: wall)))
        steps.append(describe(gate.admit(.warning("x"), wallTicks: wall)))
        // Past the boundary (3606 s) but not a keyframe; then the keyframe at 3607.4 s.
        steps.append(describe(gate.admit(packet(.video(rendition: 0), pts: 3_606 * 90_000 + 6_000), wallTicks: wall)))
        steps.append(describe(gate.admit(packet(.video(rendition: 0), pts: 3_607 * 90_000 + 36_000, key: true), wallTicks: wall)))
        XCTAssertEqual(steps, ["hold", "hold", "hold", "pass", "hold", "open \(origin) with 1 held"])
        XCTAssertEqual(gate.openedAt, 3_607 * 90_000 + 36_000)
        XCTAssertEqual(gate.offsetTicks, wall - (3_607 * 90_000 + 36_000), "the smallest wall − PTS: the latest frame's")
    }

    func testAfterOpeningAudioAndOtherRenditionsBeforeTheKeyframeAreDroppedAndTheLeadingVideoPasses() {
        var gate = MediaEpochStart(stepTicks: step, operatorOrigin: origin, notBefore: nil)
        let wall = origin + 3_700 * 90_000
        let key = Int64(3_607 * 90_000 + 36_000)
        _ = gate.admit(packet(.video(rendition: 0), pts: 3_601 * 90_000, key: true), wallTicks: wall)
        _ = gate.admit(packet(.video(rendition: 0), pts: key, key: true), wallTicks: wall)
        let after = [packet(.audio, pts: key - 1_920), packet(.video(rendition: 1), pts: key - 3_000),
                     packet(.video(rendition: 0), pts: key + 3_000), packet(.audio, pts: key), cue(at: key)]
            .map { describe(gate.admit($0, wallTicks: wall)) }
        XCTAssertEqual(after, ["hold", "hold", "pass", "pass", "pass"])
        // The first segment opened 2 s later (an edge in the cell's first half): audio before it goes too.
        gate.follow(firstFrame: key + 180_000)
        XCTAssertEqual(describe(gate.admit(packet(.audio, pts: key + 1_920), wallTicks: wall)), "hold")
        gate.follow(firstFrame: key)
        XCTAssertEqual(gate.openedAt, key + 180_000, "never moves back")
    }
}
