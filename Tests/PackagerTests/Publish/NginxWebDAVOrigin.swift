import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real nginx accepting WebDAV PUT/DELETE on 127.0.0.1, run as a child process with its
/// own prefix, config, logs and document root. It answers 500 while `failing` is set, 403
/// under /forbidden/, 401 under /private/ to a request without `Authorization: Bearer` and
/// `token`, 503 with `Retry-After: 1` under /busy/ and with `Retry-After: 3600` under
/// /closed-for-the-hour/, 307 from /moved/NAME to /NAME, and logs "METHOD STATUS URI
/// CONTENT-TYPE" per request.
final class NginxWebDAVOrigin {
    static let binary = "/usr/sbin/nginx"
    /// What /private/ wants after `Bearer `.
    static let token = "s3cret-token"

    let prefix: URL
    let documentRoot: URL
    let port: UInt16
    let baseURL: URL
    private var process: Process?

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw WebDAVOriginError(description: "nginx not found at \(Self.binary); the HTTP sink tests need it"
                + " (install nginx-light with http_dav_module: scripts/deps.sh test)")
        }
        prefix = try PublishTestFolder.make("nginx")
        documentRoot = prefix.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: documentRoot, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("temp"),
                                                withIntermediateDirectories: true)
        port = try Self.freePort()
        guard let base = URL(string: "http://127.0.0.1:\(port)/") else {
            throw WebDAVOriginError(description: "cannot form a URL for port \(port)")
        }
        baseURL = base
        try config().write(to: prefix.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    /// While on, every request under / is answered with 500.
    func setFailing(_ on: Bool) throws {
        if on {
            try Data().write(to: failFlag)
        } else if FileManager.default.fileExists(atPath: failFlag.path) {
            try FileManager.default.removeItem(at: failFlag)
        }
    }

    func start() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: Self.binary)
        child.arguments = ["-p", prefix.path, "-c", prefix.appendingPathComponent("nginx.conf").path,
                           "-g", "daemon off;"]
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        process = child
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            if !child.isRunning { break }
            usleep(20_000)
        }
        let log = (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        stop()
        throw WebDAVOriginError(description: "nginx did not start listening on 127.0.0.1:\(port): \(log)")
    }

    func stop() {
        guard let child = process else { return }
        process = nil
        if child.isRunning { child.terminate() }
        child.waitUntilExit()
        // The master's exit does not wait for its worker; wait until the port is free.
        let deadline = Date(timeIntervalSinceNow: 5)
        while Self.accepts(port: port) && Date() < deadline { usleep(20_000) }
    }

    func tearDown() {
        stop()
        try? FileManager.default.removeItem(at: prefix)
    }

    func published(_ name: String) -> Data? {
        FileManager.default.contents(atPath: documentRoot.appendingPathComponent(name).path)
    }

    struct LoggedRequest: Equatable {
        let method: String
        let status: Int
        let path: String
        let contentType: String
    }

    /// The access log (only paths starting with `pathPrefix`), waiting briefly until it has at least
    /// `minimum` lines: nginx writes a line after the response has gone out, so it can trail the
    /// client by a moment.
    func requests(atLeast minimum: Int = 0, under pathPrefix: String = "/") -> [LoggedRequest] {
        let deadline = Date(timeIntervalSinceNow: 2)
        var lines: [LoggedRequest] = []
        repeat {
            let text = (try? String(contentsOf: prefix.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            lines = text.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ").map(String.init)
                guard fields.count == 4, let status = Int(fields[1]) else { return nil }
                return LoggedRequest(method: fields[0], status: status, path: fields[2], contentType: fields[3])
            }.filter { $0.path.hasPrefix(pathPrefix) }
            if lines.count >= minimum { break }
            usleep(20_000)
        } while Date() < deadline
        return lines
    }

    /// Successful PUT paths in the order the origin stored them.
    /// Successful PUTs in log order. nginx writes a request's log line after sending its
    /// response, so a client can be done before the line is there: wait (≤ 2 s) for `count`.
    func storedPuts(count: Int = 0) -> [String] {
        let deadline = Date(timeIntervalSinceNow: 2)
        var puts: [String] = []
        repeat {
            puts = requests().filter { $0.method == "PUT" && (200...299).contains($0.status) }.map(\.path)
            if puts.count >= count { break }
            usleep(20_000)
        } while Date() < deadline
        return puts
    }

    private var failFlag: URL { prefix.appendingPathComponent("fail") }

    private func config() -> String {
        let p = prefix.path
        let user = getpwuid(geteuid()).flatMap { String(validatingCString: $0.pointee.pw_name) } ?? "root"
        return """
        user \(user);
        worker_processes 1;
        pid \(p)/nginx.pid;
        error_log \(p)/error.log warn;
        events { worker_connections 64; }
        http {
            client_body_temp_path \(p)/temp/body;
            proxy_temp_path \(p)/temp/proxy;
            fastcgi_temp_path \(p)/temp/fastcgi;
            uwsgi_temp_path \(p)/temp/uwsgi;
            scgi_temp_path \(p)/temp/scgi;
            log_format publish '$request_method $status $uri $content_type';
            access_log \(p)/access.log publish;
            client_max_body_size 64m;
            server {
                listen 127.0.0.1:\(port);
                root \(documentRoot.path);
                location /forbidden/ { return 403; }
                location /busy/ { add_header Retry-After 1 always; return 503; }
                location /closed-for-the-hour/ { add_header Retry-After 3600 always; return 503; }
                location ~ ^/moved/(.*)$ { return 307 /$1; }
                location /private/ {
                    if ($http_authorization != "Bearer \(Self.token)") { return 401; }
                    if (-f \(failFlag.path)) { return 500; }
                    dav_methods PUT DELETE;
                    create_full_put_path on;
                    dav_access user:rw group:r all:r;
                }
                location / {
                    if (-f \(failFlag.path)) { return 500; }
                    dav_methods PUT DELETE;
                    create_full_put_path on;
                    dav_access user:rw group:r all:r;
                }
            }
        }
        """
    }

    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebDAVOriginError(description: "socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw WebDAVOriginError(description: "bind() failed: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw WebDAVOriginError(description: "getsockname() failed: errno \(errno)") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
