/// The packets the splicer holds, in arrival order, by slot number: while a rendition waits for
/// the rest of a splice window, everything that arrived after the window's start waits with it
/// (audio and other PIDs too), so the cut stage still sees the input's interleaving; a cut puts
/// its packets into the slots its window's packets had.
final class SpliceQueue {
    private var slots: [MediaPacket?] = []
    /// Slot number of `slots[0]`.
    private var base = 0

    var isEmpty: Bool { slots.isEmpty }
    var nextSlot: Int { base + slots.count }

    func append(_ media: MediaPacket) -> Int {
        slots.append(media)
        return base + slots.count - 1
    }

    /// A held packet; nil once the slot was released or emptied (a dropped picture).
    subscript(slot: Int) -> MediaPacket? {
        get { slot >= base && slot < base + slots.count ? slots[slot - base] : nil }
        set { if slot >= base && slot < base + slots.count { slots[slot - base] = newValue } }
    }

    /// Every held packet before `slot` (all of them for nil), in order.
    func release(before slot: Int?) -> [MediaPacket] {
        let count = min(slots.count, max(0, (slot ?? Int.max - 1) - base))
        guard count > 0 else { return [] }
        let out = slots[..<count].compactMap { $0 }
        slots.removeFirst(count)
        base += count
        return out
    }

    /// The held packets, for what a back end must keep readable (the TS input's byte ranges).
    var held: [MediaPacket] { slots.compactMap { $0 } }
}
