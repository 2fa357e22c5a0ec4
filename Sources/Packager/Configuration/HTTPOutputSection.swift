/// `output.http`: how pkgctl talks to an HTTP origin it publishes to (`-o http(s)://…`) — the
/// headers every request carries (an origin's authorization, as FFmpeg's `-headers` and
/// ingest endpoints such as WebDAV origins behind a token ask for), the timeout of one request,
/// how long one upload is retried before it is given up, and (vod) how many segments go at once.
///
/// These are delivery settings, not packaging ones: they stay out of `VodOptions`, whose every
/// field goes into a batch title's configuration hash (a rotated token must not make a batch
/// convert every title again).
public struct HTTPOutputSection: Equatable, Sendable {
    /// Header name → value, added to every PUT and DELETE.
    public var headers: [String: String] = [:]
    /// Seconds one request may take (nil: `HTTPSinkOptions`' 10).
    public var requestTimeout: Double?
    /// Seconds one upload is retried, from its first attempt (nil: 30; 0: one attempt).
    public var retrySeconds: Double?
    /// Segments uploaded at once by `pkgctl vod` (nil: 4; live always uploads one at a time).
    public var parallel: Int?

    public init() {}

    func merging(_ o: Self) -> Self {
        var m = self
        m.headers.merge(o.headers) { $1 }
        m.requestTimeout = o.requestTimeout ?? requestTimeout
        m.retrySeconds = o.retrySeconds ?? retrySeconds
        m.parallel = o.parallel ?? parallel
        return m
    }

    static func read(_ n: ConfigNode) throws -> Self {
        try n.allowOnly(["headers", "request_timeout", "retry_seconds", "parallel"])
        var s = Self()
        if let h = try n.object("headers") {
            for name in h.keys {
                guard let value = try h.string(name) else { continue }
                s.headers[name] = value
            }
        }
        s.requestTimeout = try n.number("request_timeout")
        s.retrySeconds = try n.number("retry_seconds")
        if let v = try n.number("parallel") {
            guard v >= 1, v <= Double(mostParallel), v == v.rounded() else {
                throw n.fail("parallel", "expected a whole number of uploads, 1…\(mostParallel)")
            }
            s.parallel = Int(v)
        }
        return s
    }

    /// More uploads at once than an origin's usual per-client connection limit gains nothing.
    public static let mostParallel = 32

    /// Headers pkgctl sets itself on each request, or that HTTP/1.1 framing owns: a value given
    /// for one would contradict the body sent or the connection.
    static let reserved: Set<String> = ["content-type", "content-length", "host", "transfer-encoding", "connection",
                                        "expect", "te", "upgrade", "trailer"]

    private static let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)

    /// RFC 9110 field names are tokens (`tchar`); values may hold any visible character, space or
    /// tab, never CR, LF or NUL (a line break in a value would smuggle a header of its own).
    static func problem(name: String, value: String) -> String? {
        if name.isEmpty || !name.unicodeScalars.allSatisfy(tchar.contains) {
            return "'\(name)' is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)"
        }
        if reserved.contains(name.lowercased()) {
            return "\(name) is set by pkgctl for each request (or by HTTP itself) and cannot be given"
        }
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            return "the value of \(name) holds a line break or NUL"
        }
        return nil
    }
}

extension PipelineConfiguration {
    /// The HTTP sink's settings from `output.http`; `isHTTPOutput` false refuses any of its keys
    /// (they would do nothing with a directory output).
    public func httpSinkOptions(isHTTPOutput: Bool) throws -> HTTPSinkOptions {
        let keys = origins.keys.filter { $0 == "output.http" || $0.hasPrefix("output.http.") }.sorted()
        var options = HTTPSinkOptions()
        guard isHTTPOutput else {
            try refuse(keys, reason: "applies to an http(s) output only")
            return options
        }
        let http = output.http
        for (name, value) in http.headers.sorted(by: { $0.key < $1.key }) {
            if let problem = HTTPOutputSection.problem(name: name, value: value) {
                throw ConfigError(file: origin(ofHeader: name), path: "output.http.headers." + name, message: problem)
            }
        }
        options.extraHeaders = http.headers
        if let t = http.requestTimeout { options.requestTimeout = try check("output.http.request_timeout", t, 1...600, "seconds") }
        if let r = http.retrySeconds { options.itemDeadline = try check("output.http.retry_seconds", r, 0...3_600, "seconds") }
        options.parallelUploads = http.parallel
        return options
    }

    /// A header's origin: the file key `output.http.headers.NAME`, or the flag that set headers.
    private func origin(ofHeader name: String) -> String {
        origins["output.http.headers." + name] ?? origin(of: "output.http.headers")
    }
}
