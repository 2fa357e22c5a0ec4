import Foundation
import XCTest
@testable import Packager

/// Titles read over HTTP (a static file server; nginx for an ETag) and published to an origin
/// (nginx WebDAV), both on 127.0.0.1 and started by the test.
final class BatchHTTPTests: XCTestCase {
    private var scratch: URL!
    private var origin: NginxWebDAVOrigin?
    private var files: StaticFileServer?

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }

    override func tearDown() {
        origin?.tearDown()
        files?.stop()
        try? FileManager.default.removeItem(at: scratch)
    }

    private func fingerprint(_ nginx: NginxWebDAVOrigin, _ name: String) throws -> [String: Any] {
        let data = try XCTUnwrap(nginx.published("vod/\(name)/fingerprint.json"), "vod/\(name)/fingerprint.json")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTitlesReadOverHTTPArePutToTheOriginFingerprintLastAndSkippedUntilTheirInputChanges() throws {
        let nginx = try NginxWebDAVOrigin()
        origin = nginx
        let server = try StaticFileServer(root: scratch)
        files = server
        let prefix = nginx.baseURL.absoluteString + "vod/"
        // Titles 0 and 1 from the static server (Last-Modified), title 2 from nginx (ETag too).
        let catalogue = try BatchCatalogue(count: 3, root: scratch, outputs: prefix, inputURLs: [
            0: server.baseURL + "in/t00.ts", 1: server.baseURL + "in/t01.ts", 2: nginx.baseURL.absoluteString + "src/t02.ts",
        ])
        try FileManager.default.createDirectory(at: nginx.documentRoot.appendingPathComponent("src"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalogue.titles[2].input, to: nginx.documentRoot.appendingPathComponent("src/t02.ts"))
        let arguments = ["vod", "--batch", catalogue.jobs.path, "-j", "2"]

        let (status, batch) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(status, BatchSummary.Exit.ok, batch.errors + batch.lines.joined(separator: "\n"))
        XCTAssertEqual(batch.titles.compactMap { $0["status"] as? String }, ["done", "done", "done"])
        for title in catalogue.titles {
            let name = String(format: "t%02d", title.index)
            let all = nginx.requests().filter { $0.path.hasPrefix("/vod/\(name)/") }
            XCTAssertEqual(all.first.map { "\($0.method) \($0.path) \($0.status)" }, "GET /vod/\(name)/fingerprint.json 404",
                           "the batch looks for a committed fingerprint")
            let requests = all.filter { $0.method != "GET" }
            XCTAssertEqual(requests.first.map { "\($0.method) \($0.path)" }, "DELETE /vod/\(name)/fingerprint.json",
                           "the old fingerprint goes first")
            let puts = requests.filter { $0.method == "PUT" && (200...299).contains($0.status) }.map(\.path)
            XCTAssertEqual(puts.last, "/vod/\(name)/fingerprint.json", "the fingerprint lands last")
            let lastPlaylist = try XCTUnwrap(puts.lastIndex { $0.hasSuffix(".m3u8") })
            let lastSegment = try XCTUnwrap(puts.lastIndex { $0.hasSuffix(".ts") })
            XCTAssertLessThan(lastSegment, lastPlaylist)
            let root = nginx.documentRoot.appendingPathComponent("vod/\(name)")
            let findings = try PlaylistValidator.validate(path: root.appendingPathComponent("master.m3u8").path,
                                                          maps: [try URLMapping.parse(prefix + name + "/=" + root.path)])
            XCTAssertEqual(LiveChecks.errors(findings), [], name)
        }
        let served = try fingerprint(nginx, "t00")["input"] as? [String: Any]
        XCTAssertEqual(served?["url"] as? String, server.baseURL + "in/t00.ts")
        XCTAssertNotNil(served?["last_modified"] as? String)
        XCTAssertTrue(served?["etag"] is NSNull, "python's http.server sends no ETag")
        XCTAssertNotNil((try fingerprint(nginx, "t02")["input"] as? [String: Any])?["etag"] as? String)
        XCTAssertTrue(server.requests.contains("HEAD /in/t00.ts 200"), "\(server.requests)")

        let putsBefore = nginx.requests().filter { $0.method == "PUT" }.count
        let (_, rerun) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(rerun.titles.compactMap { $0["status"] as? String }, ["skipped", "skipped", "skipped"])
        XCTAssertEqual(nginx.requests().filter { $0.method == "PUT" }.count, putsBefore, "nothing uploaded again")

        // A new version of title 1 on the static server (Last-Modified has whole seconds).
        let changed = catalogue.titles[1].input
        try FileManager.default.removeItem(at: changed)
        try FileManager.default.copyItem(at: try GeneratedMedia.ts(seconds: 14, gop: 2), to: changed)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: changed.path)
        let (_, third) = try BatchProcess.run(arguments, in: scratch)
        XCTAssertEqual(third.titles.filter { $0["status"] as? String == "done" }.compactMap { $0["index"] as? Int }, [1])
        XCTAssertEqual(third.titles.first { $0["index"] as? Int == 1 }?["reason"] as? String, "input changed")
        XCTAssertEqual(third.titles.first { $0["index"] as? Int == 1 }?["source_duration"] as? Double, 14)
    }
}
