import Foundation

/// Turns what a worker process left behind into its title's result: the JSON line it printed,
/// or — when it died before printing one — how it ended and the last lines it wrote to stderr.
enum WorkerReply {
    static func result(of outcome: ChildProcess.Outcome, entry: BatchEntry, stoppedBy: String?) -> TitleResult {
        let lines = String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n")
        if let last = lines.last, let reply = try? JSONDecoder().decode(TitleResult.self, from: Data(last.utf8)),
           reply.index == entry.index, outcome.termination == .exited(reply.status == .failed ? 1 : 0) {
            return reply
        }
        var how: String
        switch outcome.termination {
        case .exited(let code): how = "worker exited with status \(code) without a result"
        case .signalled(let number): how = "worker killed by signal \(number) (\(signalName(number)))"
        }
        if let stoppedBy { how = "interrupted by \(stoppedBy): " + how }
        let tail = String(decoding: outcome.standardError, as: UTF8.self)
            .split(separator: "\n").suffix(5).joined(separator: " | ")
        return .failed(entry, tail.isEmpty ? how : how + "; stderr: " + tail)
    }

    private static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGBUS: return "SIGBUS"
        default: return "signal \(number)"
        }
    }
}
