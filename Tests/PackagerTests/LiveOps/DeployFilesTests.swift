import Foundation
import XCTest
@testable import Packager

final class DeployFilesTests: XCTestCase {
    private let unitFile = TestMedia.repoRoot.appendingPathComponent("deploy/systemd/pkgctl@.service")
    private let kubernetesFile = TestMedia.repoRoot.appendingPathComponent("deploy/kubernetes/channel-example.yaml")

    /// systemd-analyze checks that ExecStart's binary exists, so the instance copy points at
    /// a copy of /bin/true; everything else is verified as shipped.
    func testSystemdUnitVerifiesWithoutAnyMessageForAConcreteChannel() throws {
        guard let analyze = ToolRun.find("systemd-analyze") else {
            return XCTFail("systemd-analyze not found; install the Debian package 'systemd' (scripts/deps.sh test does)")
        }
        let directory = try TestMedia.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("pkgctl")
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: binary.path)
        let text = try String(contentsOf: unitFile, encoding: .utf8)
        XCTAssertTrue(text.contains("ExecStart=/usr/local/bin/pkgctl "))
        let instance = directory.appendingPathComponent("pkgctl@news.service")
        try text.replacingOccurrences(of: "ExecStart=/usr/local/bin/pkgctl ", with: "ExecStart=\(binary.path) ")
            .write(to: instance, atomically: true, encoding: .utf8)

        let result = try ToolRun.run(analyze, ["verify", instance.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output + result.errors, "")
    }

    func testSystemdUnitRunsOneChannelPerInstanceAndStopsGracefully() throws {
        let settings = try serviceSettings()
        XCTAssertEqual(settings["ExecStart"], ["/usr/local/bin/pkgctl live --config /etc/pkgctl/%i.json"])
        XCTAssertEqual(settings["Restart"], ["on-failure"])
        XCTAssertEqual(settings["KillSignal"], ["SIGTERM"])
        XCTAssertEqual(settings["TimeoutStopSec"], ["30"])
        XCTAssertEqual(settings["User"], ["pkgctl"])
        XCTAssertEqual(settings["StateDirectory"], ["pkgctl/%i"])
        XCTAssertEqual(settings["RuntimeDirectory"], ["pkgctl/%i"])
        XCTAssertEqual(settings["NoNewPrivileges"], ["yes"])
        XCTAssertEqual(settings["ProtectSystem"], ["strict"])
        XCTAssertEqual(settings["PrivateTmp"], ["yes"])
        XCTAssertEqual(settings["LimitNOFILE"], ["65536"])
        XCTAssertEqual(settings["ReadWritePaths"], ["-/srv/hls/%i -/var/lib/prometheus/node-exporter"])
    }

    /// Uses PyYAML when python3 has it, so the file is known to be real YAML; otherwise the
    /// same facts are checked on the text.
    func testKubernetesExampleIsOneRecreateDeploymentPerChannelThatPutsToTheOrigin() throws {
        let summary = try yamlSummary() ?? textSummary()
        XCTAssertEqual(summary.kinds, ["ConfigMap", "PersistentVolumeClaim", "Deployment"])
        XCTAssertEqual(summary.replicas, 1)
        XCTAssertEqual(summary.strategy, "Recreate")
        XCTAssertEqual(Array(summary.command.prefix(4)), ["pkgctl", "live", "--config", "/config/channel.json"])
        XCTAssertEqual(summary.output, "http://origin.default.svc/live/news/")
        XCTAssertEqual(summary.cpuRequest, "10m")
        XCTAssertTrue(summary.hasLivenessProbe)
    }

    private struct KubernetesSummary: Decodable {
        let kinds: [String]
        let replicas: Int
        let strategy: String
        let command: [String]
        let output: String
        let cpuRequest: String
        let hasLivenessProbe: Bool
    }

    private func yamlSummary() throws -> KubernetesSummary? {
        guard let python = ToolRun.find("python3") else { return nil }
        let script = """
        import json, sys
        try:
            import yaml
        except ImportError:
            sys.exit(3)
        docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
        deployment = next(d for d in docs if d["kind"] == "Deployment")
        spec = deployment["spec"]
        container = next(c for c in spec["template"]["spec"]["containers"] if c["name"] == "pkgctl")
        command = container["command"]
        print(json.dumps({
            "kinds": [d["kind"] for d in docs],
            "replicas": spec["replicas"],
            "strategy": spec["strategy"]["type"],
            "command": command,
            "output": command[command.index("-o") + 1],
            "cpuRequest": container["resources"]["requests"]["cpu"],
            "hasLivenessProbe": "livenessProbe" in container,
        }))
        """
        let result = try ToolRun.run(python, ["-c", script, kubernetesFile.path])
        if result.status == 3 { return nil }
        XCTAssertEqual(result.status, 0, result.errors)
        return try JSONDecoder().decode(KubernetesSummary.self, from: Data(result.output.utf8))
    }

    private func textSummary() throws -> KubernetesSummary {
        let text = try String(contentsOf: kubernetesFile, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let kinds = lines.filter { $0.hasPrefix("kind: ") }.map { String($0.dropFirst(6)) }
        let replicas = lines.first { $0.hasPrefix("replicas: ") }.flatMap { Int($0.dropFirst(10)) } ?? -1
        let strategyIndex = lines.firstIndex(of: "strategy:") ?? lines.endIndex
        let strategy = strategyIndex + 1 < lines.count ? lines[strategyIndex + 1].replacingOccurrences(of: "type: ", with: "") : ""
        let commandStart = (lines.firstIndex(of: "command:") ?? lines.endIndex) + 1
        let command = lines[min(commandStart, lines.count)...].prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
        let outputIndex = command.firstIndex(of: "-o").map { $0 + 1 }
        return KubernetesSummary(
            kinds: kinds, replicas: replicas, strategy: strategy, command: command,
            output: outputIndex.flatMap { $0 < command.count ? command[$0] : nil } ?? "",
            cpuRequest: text.contains("requests: {cpu: 10m,") ? "10m" : "",
            hasLivenessProbe: lines.contains("livenessProbe:"))
    }

    /// [Service] key → values in order (keys may repeat in unit files).
    private func serviceSettings() throws -> [String: [String]] {
        var section = ""
        var settings: [String: [String]] = [:]
        for raw in try String(contentsOf: unitFile, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") { section = line; continue }
            guard section == "[Service]", let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }
}
