import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A worker process run to its end with posix_spawn and wait4, because Foundation's Process
/// reaps its children itself and so cannot give their rusage. stdout and stderr come back
/// through pipes; stdin is a lifeline pipe nothing is ever written to: when the batch dies,
/// even by SIGKILL, the kernel closes it and the worker sees end-of-file and exits
/// (ParentLifeline). Every descriptor is created close-on-exec, so workers started at the same
/// time by other threads never hold each other's pipes (Swift's Glibc has no pipe2, so pipes
/// are made and spawned under one lock: no other worker can be forked between a pipe and its
/// FD_CLOEXEC).
final class ChildProcess: @unchecked Sendable {
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    struct Outcome {
        let termination: Termination
        let standardOutput: Data
        /// The last 64 KiB.
        let standardError: Data
        /// User + system CPU of the process and every thread it ran.
        let cpuSeconds: Double
        let peakRSSMiB: Double
    }

    let pid: pid_t
    private let lifeline: Int32
    private let output: Int32
    private let errors: Int32
    private let lock = NSLock()
    private var exited = false
    private static let spawning = NSLock()

    init(executable: String, arguments: [String]) throws {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<3 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else {
                for p in pipes { close(p.read); close(p.write) }
                throw BatchError.worker(reason: "pipe: \(String(cString: strerror(errno)))")
            }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append((fds[0], fds[1]))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0].read, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1].write, 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2].write, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The batch ignores SIGINT/SIGTERM to observe them (ShutdownSignals); an ignored signal
        // stays ignored across exec, so the worker gets the defaults back explicitly.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(pipes[0].read)
        close(pipes[1].write)
        close(pipes[2].write)
        guard spawned == 0 else {
            close(pipes[0].write); close(pipes[1].read); close(pipes[2].read)
            throw BatchError.worker(reason: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        lifeline = pipes[0].write
        output = pipes[1].read
        errors = pipes[2].read
    }

    /// Reads stdout and stderr to their end, then reaps the process.
    func wait() -> Outcome {
        let (out, err) = drain()
        // Wait without reaping first, so `terminate` can never signal a reused pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        lock.lock()
        exited = true
        lock.unlock()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        close(lifeline)
        let termination: Termination = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return Outcome(termination: termination, standardOutput: out, standardError: err,
                       cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                       peakRSSMiB: Double(usage.ru_maxrss) / 1024)
    }

    /// Asks the worker to stop (SIGTERM); does nothing once it has exited.
    func terminate() {
        lock.lock(); defer { lock.unlock() }
        if !exited { kill(pid, SIGTERM) }
    }

    private func drain() -> (Data, Data) {
        var out = Data()
        var err = Data()
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &buffer, buffer.count)
                if n > 0 {
                    if i == 0 { out.append(contentsOf: buffer[0..<n]) } else { err.append(contentsOf: buffer[0..<n]) }
                    if err.count > 131_072 { err = err.suffix(65_536) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(fds[i].fd)
                    fds[i].fd = -1
                }
            }
        }
        for fd in fds where fd.fd >= 0 { close(fd.fd) }
        return (out, err.suffix(65_536))
    }
}
