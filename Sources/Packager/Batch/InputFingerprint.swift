import Foundation
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// What identifies one version of an input without reading it: size and modification time of
/// a file (nanoseconds, as make and rsync trust them), or an HTTP resource's validators (ETag,
/// Last-Modified, Content-Length from a HEAD; a one-byte ranged GET where HEAD is refused, as
/// with object-storage URLs signed for GET).
public enum InputFingerprint: Equatable, Sendable {
    case file(path: String, size: Int64, modifiedNanoseconds: Int64)
    case http(url: String, etag: String?, lastModified: String?, length: Int64?)

    public static func take(_ source: String) throws -> InputFingerprint {
        BaseURL.isHTTP(source) ? try http(source) : try file(source)
    }

    /// Whether a later change of the input can be told from this: an HTTP resource with neither
    /// an ETag nor a Last-Modified cannot, and its title is converted on every run.
    public var detectsChange: Bool {
        if case let .http(_, etag, lastModified, _) = self { return etag != nil || lastModified != nil }
        return true
    }

    private static func file(_ path: String) throws -> InputFingerprint {
        var info = stat()
        guard stat(path, &info) == 0 else { throw BatchError.inputUnreadable(input: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw BatchError.inputUnreadable(input: path, reason: "not a regular file") }
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return .file(path: path, size: Int64(info.st_size), modifiedNanoseconds: nanoseconds)
    }

    private static func http(_ text: String) throws -> InputFingerprint {
        guard let url = URL(string: text) else { throw BatchError.inputUnreadable(input: text, reason: "not a URL") }
        var answer = try HTTPProbe.send("HEAD", url)
        var length = answer.headers["content-length"].flatMap { Int64($0) }
        if [403, 405, 501].contains(answer.status) {
            answer = try HTTPProbe.send("GET", url, headers: ["Range": "bytes=0-0"])
            // "bytes 0-0/123456": the total after the slash.
            length = answer.headers["content-range"].flatMap { $0.split(separator: "/").last }.flatMap { Int64($0) }
                ?? (answer.status == 200 ? Int64(answer.body.count) : nil)
        }
        guard (200...299).contains(answer.status) else {
            throw BatchError.inputUnreadable(input: text, reason: "HTTP \(answer.status)")
        }
        return .http(url: text, etag: answer.headers["etag"], lastModified: answer.headers["last-modified"], length: length)
    }

    var json: JSONValue {
        switch self {
        case let .file(path, size, modified):
            return .object([.init("path", .string(path)), .init("size", .int(size)), .init("mtime_ns", .string(String(modified)))])
        case let .http(url, etag, lastModified, length):
            return .object([.init("url", .string(url)), .init("etag", etag.map(JSONValue.string) ?? .null),
                            .init("last_modified", lastModified.map(JSONValue.string) ?? .null),
                            .init("length", length.map(JSONValue.int) ?? .null)])
        }
    }

    init?(json: ParsedJSON?) {
        guard case .object(let o)? = json else { return nil }
        func string(_ key: String) -> String? { if case .string(let s)? = o[key] { return s }; return nil }
        func int(_ key: String) -> Int64? {
            if case .number(let n)? = o[key], n == n.rounded(), abs(n) < 9e18 { return Int64(n) }
            return nil
        }
        // Nanosecond times exceed a double's exact range, so they are stored as a decimal string.
        if let path = string("path"), let size = int("size"), let modified = string("mtime_ns").flatMap({ Int64($0) }) {
            self = .file(path: path, size: size, modifiedNanoseconds: modified)
        } else if let url = string("url") {
            self = .http(url: url, etag: string("etag"), lastModified: string("last_modified"), length: int("length"))
        } else {
            return nil
        }
    }
}
