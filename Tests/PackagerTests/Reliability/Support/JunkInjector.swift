import Foundation

/// Damages a TS file the way a bad recording is damaged: runs of junk bytes written over it or
/// inserted into it at chosen offsets, from a seeded generator.
enum JunkInjector {
    enum Kind: CaseIterable {
        /// Random bytes with no 0x47 in them: libavformat finds no sync byte in its resync window.
        case noSync
        /// Zero bytes (a gap a recorder filled).
        case zeros
        /// 188-byte packets with a sync byte and random content, some on the video PID.
        case fakePackets
    }

    struct Run {
        var offset: Int
        var length: Int
        var kind: Kind
        var insert: Bool
    }

    static func damage(_ bytes: Data, runs: [Run], seed: UInt64) -> Data {
        var random = SplitMix64(seed: seed)
        var out = [UInt8](bytes)
        for run in runs.sorted(by: { $0.offset > $1.offset }) {
            let junk = make(run.kind, length: run.length, random: &random)
            let at = min(run.offset, out.count)
            if run.insert {
                out.insert(contentsOf: junk, at: at)
            } else {
                out.replaceSubrange(at..<min(out.count, at + junk.count), with: junk)
            }
        }
        return Data(out)
    }

    private static func make(_ kind: Kind, length: Int, random: inout SplitMix64) -> [UInt8] {
        switch kind {
        case .zeros: return [UInt8](repeating: 0, count: length)
        case .noSync:
            return (0..<length).map { _ in
                let b = UInt8(truncatingIfNeeded: random.next())
                return b == 0x47 ? 0x48 : b
            }
        case .fakePackets:
            var junk: [UInt8] = []
            while junk.count < length {
                var packet = (0..<188).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                packet[0] = 0x47
                if random.next() % 2 == 0 { packet[1] = 0x01; packet[2] = 0x00 }   // PID 0x100
                junk += packet
            }
            return Array(junk.prefix(length))
        }
    }
}
