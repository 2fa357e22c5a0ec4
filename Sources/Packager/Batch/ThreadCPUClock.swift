#if canImport(Glibc)
import Glibc
#endif

/// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID): what a batch thread spends on one
/// title itself (parsing, probing, deciding to skip), apart from the other titles' threads.
enum ThreadCPUClock {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
