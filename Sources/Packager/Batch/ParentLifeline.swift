import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The worker's side of ChildProcess's lifeline: a thread blocked reading stdin, which only
/// returns when the batch that started this worker has gone (its end of the pipe closed by the
/// kernel, whatever killed it). The worker then exits at once: its staging tree is left for
/// the next run to remove, its output is untouched, and no orphan keeps converting a title
/// that the next run will convert again.
public enum ParentLifeline {
    public static func watchStandardInput() {
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(0, &byte, 1)
                if n == 0 || (n < 0 && errno != EINTR) { _exit(137) }
            }
        }
        thread.name = "pkgctl-lifeline"
        thread.start()
    }
}
