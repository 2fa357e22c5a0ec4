import Foundation

/// An origin that takes `delay` seconds over every PUT and DELETE, as one across a network does:
/// Python's threaded http.server, run as a child of the test, storing nothing. It logs each
/// request's start and end (monotonic seconds), so a test can see which uploads overlapped.
final class SlowOrigin {
    struct Request: Equatable {
        let start: Double
        let end: Double
        let method: String
        let path: String

        func overlaps(_ other: Request) -> Bool { start < other.end && other.start < end }
    }

    let baseURL: URL
    private let process = Process()
    private let log: URL

    init(delay: Double) throws {
        log = try PublishTestFolder.make("slow-origin").appendingPathComponent("requests.log")
        let script = """
        import http.server, sys, threading, time
        delay, log, lock = float(sys.argv[1]), open(sys.argv[2], "a", buffering=1), threading.Lock()
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def answer(self, status):
                start = time.monotonic()
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                time.sleep(delay)
                with lock:      # logged before the answer, so a client that has it finds the line
                    log.write(f"{start:.6f} {time.monotonic():.6f} {self.command} {self.path}\\n")
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()
            def do_PUT(self): self.answer(201)
            def do_DELETE(self): self.answer(204)
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
        let started = try PythonServer.start(process, script: script, arguments: [String(delay), log.path])
        guard let port = started.port, let url = URL(string: "http://127.0.0.1:\(port)/") else {
            throw WebDAVOriginError(description: "the slow origin did not start: '\(started.said)'")
        }
        baseURL = url
    }

    /// Every request answered so far, in the order they started.
    var requests: [Request] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 4, let start = Double(f[0]), let end = Double(f[1]) else { return nil }
            return Request(start: start, end: end, method: f[2], path: f[3])
        }.sorted { $0.start < $1.start }
    }

    /// The most requests of `among` that were in flight at one moment.
    static func mostAtOnce(_ among: [Request]) -> Int {
        among.map { r in among.filter { $0.start <= r.start && r.start < $0.end }.count }.max() ?? 0
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
