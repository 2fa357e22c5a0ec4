/// Per-PID state for the 8,192 PIDs of a transport stream, allocated 64 PIDs at a time as PIDs
/// are first seen. A stream uses a handful of PIDs, clustered (PAT 0, PMT 0x1000, elementary
/// streams 0x100…): a flat table of every PID's indexer state was 1.2 MB (8,192 × 152 B), over a
/// tenth of a live channel's anonymous memory, nearly all of it for PIDs that never occur.
///
/// A state's address never moves once its page exists, so a caller may keep the pointer
/// `state(_:)` returns for the length of one packet.
final class TSPIDTable<State> {
    private static var pageShift: Int { 6 }
    private static var pageSize: Int { 1 << pageShift }
    private static var pageCount: Int { 8192 >> pageShift }

    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<State>?>
    private let initial: State

    init(initial: State) {
        self.initial = initial
        pages = .allocate(capacity: Self.pageCount)
        pages.initialize(repeating: nil, count: Self.pageCount)
    }

    deinit {
        for index in 0..<Self.pageCount {
            guard let page = pages[index] else { continue }
            page.deinitialize(count: Self.pageSize)
            page.deallocate()
        }
        pages.deinitialize(count: Self.pageCount)
        pages.deallocate()
    }

    /// The PID's state (0…8191), its page made on first use.
    @inline(__always) func state(_ pid: Int) -> UnsafeMutablePointer<State> {
        let index = pid >> Self.pageShift
        let page = pages[index] ?? makePage(index)
        return page + (pid & (Self.pageSize - 1))
    }

    subscript(pid: Int) -> State {
        get { state(pid).pointee }
        _modify { yield &state(pid).pointee }
    }

    /// The PIDs whose page exists, in order: every PID that may hold state other than `initial`
    /// (and its page's neighbours, which hold `initial`).
    var knownPIDs: [Int] {
        (0..<Self.pageCount).flatMap { index in
            pages[index] == nil ? [] : Array(index << Self.pageShift ..< (index + 1) << Self.pageShift)
        }
    }

    private func makePage(_ index: Int) -> UnsafeMutablePointer<State> {
        let page = UnsafeMutablePointer<State>.allocate(capacity: Self.pageSize)
        page.initialize(repeating: initial, count: Self.pageSize)
        pages[index] = page
        return page
    }
}
