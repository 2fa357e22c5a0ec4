import Dispatch
import Foundation
import Packager

/// A watch that SIGINT ends cleanly: while `body` runs, SIGINT raises the flag it is given instead
/// of killing the process; the default disposition comes back afterwards.
enum InterruptScope {
    static func run<T>(_ body: (InterruptFlag) throws -> T) rethrows -> T {
        let stop = InterruptFlag()
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { stop.raise() }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        return try body(stop)
    }
}
