import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small static file server on 127.0.0.1 for batch inputs: Python's http.server (GET and
/// HEAD, Last-Modified and Content-Length, no ETag), run as a child process of the test. It
/// logs "METHOD PATH STATUS" per request.
final class StaticFileServer {
    let root: URL
    let baseURL: String
    private let process = Process()
    private let log: URL

    init(root: URL) throws {
        self.root = root
        log = root.deletingLastPathComponent().appendingPathComponent("static-\(UUID().uuidString).log")
        let script = """
        import functools, http.server, sys
        log = open(sys.argv[2], "a", buffering=1)
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_request(self, code="-", size="-"):
                log.write(f"{self.command} {self.path} {code}\\n")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """
        let started = try PythonServer.start(process, script: script, arguments: [root.path, log.path])
        guard let port = started.port else { throw BatchTestError("the static file server did not start: '\(started.said)'") }
        baseURL = "http://127.0.0.1:\(port)/"
    }

    /// Requests so far, as "METHOD PATH STATUS".
    var requests: [String] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: log)
    }
}
