import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where one title is published — a directory, or a prefix on an HTTP origin — and what a batch
/// needs to know of it: its committed fingerprint, and the sink `pkgctl vod` would publish through.
public enum TitleOutput: Equatable, Sendable {
    case directory(URL)
    case origin(URL)

    /// `output` as BatchJobList normalised it (an absolute path, or a URL ending in `/`).
    init(_ output: String) {
        if BaseURL.isHTTP(output), let prefix = BaseURL.parse(output) {
            self = .origin(prefix)
        } else {
            self = .directory(URL(fileURLWithPath: output).standardizedFileURL)
        }
    }

    var fingerprintLocation: String {
        switch self {
        case .directory(let dir): return dir.appendingPathComponent(OutputLayout.fingerprint).path
        case .origin(let prefix): return prefix.appendingPathComponent(OutputLayout.fingerprint).absoluteString
        }
    }

    /// The fingerprint of the committed output; nil when there is no output, or one without a
    /// fingerprint (made by a plain `pkgctl vod`, or by an upload that did not finish).
    /// `headers`: what an origin's requests carry (`output.http.headers`).
    func storedFingerprint(headers: [String: String] = [:]) throws -> TitleFingerprint? {
        let location = fingerprintLocation
        switch self {
        case .directory:
            guard let data = FileManager.default.contents(atPath: location) else {
                if access(location, F_OK) != 0, errno == ENOENT || errno == ENOTDIR { return nil }
                throw BatchError.fingerprintUnreadable(location: location, reason: String(cString: strerror(errno)))
            }
            return try TitleFingerprint(data: data, location: location)
        case .origin:
            guard let url = URL(string: location) else { return nil }
            let answer = try HTTPProbe.send("GET", url, headers: headers)
            if answer.status == 404 || answer.status == 410 { return nil }
            guard answer.status == 200 else {
                throw BatchError.fingerprintUnreadable(location: location, reason: "HTTP \(answer.status)")
            }
            return try TitleFingerprint(data: answer.body, location: location)
        }
    }

    /// The sinks `VodPipeline.run(input:output:options:)` and `run(input:origin:options:http:)` build.
    func makeSink(http settings: HTTPSinkOptions, durability: PublishDurability) throws -> PublishSink {
        switch self {
        case .directory(let dir): return try StagedDirectorySink(destination: dir, durability: durability)
        case .origin(let prefix): return try VodPipeline.originSink(prefix, http: settings)
        }
    }
}
