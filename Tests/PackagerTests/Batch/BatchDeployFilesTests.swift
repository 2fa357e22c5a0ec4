import Foundation
import XCTest
@testable import Packager

/// The shipped batch deployments: the Kubernetes Indexed Job and the systemd service + timer are
/// parsed and checked, and their command lines are run through the real flag parser
/// (`pkgctl … --list`, with the files they name written from the examples themselves).
final class BatchDeployFilesTests: XCTestCase {
    private let kubernetesFile = TestMedia.repoRoot.appendingPathComponent("deploy/kubernetes/vod-batch-job.yaml")
    private let serviceFile = TestMedia.repoRoot.appendingPathComponent("deploy/systemd/pkgctl-vod-batch.service")
    private let timerFile = TestMedia.repoRoot.appendingPathComponent("deploy/systemd/pkgctl-vod-batch.timer")
    private var scratch: URL!

    override func setUpWithError() throws { scratch = try TestMedia.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private struct IndexedJob: Decodable {
        let kinds: [String]
        let completionMode: String
        let completions: Int
        let parallelism: Int
        let backoffLimitPerIndex: Int
        let restartPolicy: String
        let failJobExitCodes: [Int]
        let ignoresDisruption: Bool
        let command: [String]
        let indexEnvironment: String
        let configMapName: String
        let configMountPath: String
        let data: [String: String]
    }

    private func indexedJob() throws -> IndexedJob {
        guard let python = ToolRun.find("python3") else { throw BatchTestError("python3 not found") }
        let script = """
        import json, sys
        try:
            import yaml
        except ImportError:
            sys.exit(3)
        docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
        config = next(d for d in docs if d["kind"] == "ConfigMap")
        job = next(d for d in docs if d["kind"] == "Job")
        spec = job["spec"]
        pod = spec["template"]["spec"]
        container = next(c for c in pod["containers"] if c["name"] == "pkgctl")
        rules = spec["podFailurePolicy"]["rules"]
        env = {e["name"]: e["valueFrom"]["fieldRef"]["fieldPath"] for e in container["env"]}
        mount = next(m for m in container["volumeMounts"] if m["name"] == "config")
        volume = next(v for v in pod["volumes"] if v["name"] == "config")
        print(json.dumps({
            "kinds": [d["kind"] for d in docs],
            "completionMode": spec["completionMode"],
            "completions": spec["completions"],
            "parallelism": spec["parallelism"],
            "backoffLimitPerIndex": spec["backoffLimitPerIndex"],
            "restartPolicy": pod["restartPolicy"],
            "failJobExitCodes": [v for r in rules if r["action"] == "FailJob" for v in r["onExitCodes"]["values"]],
            "ignoresDisruption": any(r["action"] == "Ignore" and any(c["type"] == "DisruptionTarget"
                                     for c in r.get("onPodConditions", [])) for r in rules),
            "command": container["command"],
            "indexEnvironment": env["JOB_COMPLETION_INDEX"],
            "configMapName": volume["configMap"]["name"],
            "configMountPath": mount["mountPath"],
            "data": config["data"],
        }))
        """
        let result = try ToolRun.run(python, ["-c", script, kubernetesFile.path])
        if result.status == 3 { throw BatchTestError("PyYAML missing: install python3-yaml (scripts/deps.sh test does)") }
        XCTAssertEqual(result.status, 0, result.errors)
        return try JSONDecoder().decode(IndexedJob.self, from: Data(result.output.utf8))
    }

    func testKubernetesIndexedJobGivesEachPodItsShardAndRetriesPerIndex() throws {
        let job = try indexedJob()
        XCTAssertEqual(job.kinds, ["ConfigMap", "Job"])
        XCTAssertEqual(job.completionMode, "Indexed")
        XCTAssertEqual(job.completions, 4)
        XCTAssertEqual(job.parallelism, 4)
        XCTAssertEqual(job.backoffLimitPerIndex, 2)
        XCTAssertEqual(job.restartPolicy, "Never", "backoffLimitPerIndex and podFailurePolicy need it")
        XCTAssertEqual(job.failJobExitCodes, [2], "a usage error is not retried")
        XCTAssertTrue(job.ignoresDisruption)
        XCTAssertEqual(job.indexEnvironment, "metadata.annotations['batch.kubernetes.io/job-completion-index']")
        XCTAssertEqual(job.configMapName, "pkgctl-vod-batch")
        let shard = try XCTUnwrap(job.command.firstIndex(of: "--shard")).advanced(by: 1)
        XCTAssertEqual(job.command[shard], "$(JOB_COMPLETION_INDEX)/\(job.completions)", "COUNT is the Job's completions")
        XCTAssertEqual(Array(job.command.prefix(4)), ["pkgctl", "vod", "--batch", job.configMountPath + "/jobs.jsonl"])
    }

    /// Every pod's command line, as the kubelet expands it, lists a slice of the ConfigMap's
    /// titles, every title resolves (its config file, its sidecar), and the slices partition JOBS.
    func testKubernetesPodsCommandLinesPartitionTheConfigMapsTitles() throws {
        let job = try indexedJob()
        let config = scratch.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        for (name, text) in job.data {
            try text.replacingOccurrences(of: job.configMountPath + "/", with: config.path + "/")
                .write(to: config.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let titles = try String(contentsOf: config.appendingPathComponent("jobs.jsonl"), encoding: .utf8)
            .split(separator: "\n").count
        var seen: [Int] = []
        for index in 0..<job.completions {
            let argv = job.command.dropFirst().map {
                $0.replacingOccurrences(of: "$(JOB_COMPLETION_INDEX)", with: String(index))
                    .replacingOccurrences(of: job.configMountPath + "/", with: config.path + "/")
            }
            let (status, pod) = try BatchProcess.run(argv + ["--list"], in: scratch)
            XCTAssertEqual(status, 0, pod.errors + pod.lines.joined(separator: "\n"))
            XCTAssertEqual(Set(pod.titles.compactMap { $0["status"] as? String }).subtracting(["listed"]), [])
            seen += pod.titles.compactMap { $0["index"] as? Int }
        }
        XCTAssertEqual(seen.sorted(), Array(0..<titles), "every title in exactly one pod")
    }

    /// [Section] key → values in order (keys may repeat in unit files).
    private func settings(_ file: URL, section: String) throws -> [String: [String]] {
        var current = ""
        var settings: [String: [String]] = [:]
        for raw in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") { current = line; continue }
            guard current == section, let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }
        return settings
    }

    func testSystemdServiceAndTimerVerifyWithoutAnyMessage() throws {
        guard let analyze = ToolRun.find("systemd-analyze") else {
            return XCTFail("systemd-analyze not found; install the Debian package 'systemd' (scripts/deps.sh test does)")
        }
        // systemd-analyze checks that ExecStart's binary exists: the copy points at /bin/true.
        let binary = scratch.appendingPathComponent("pkgctl")
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: binary.path)
        let service = try String(contentsOf: serviceFile, encoding: .utf8)
        XCTAssertTrue(service.contains("ExecStart=/usr/local/bin/pkgctl "))
        let serviceCopy = scratch.appendingPathComponent("pkgctl-vod-batch.service")
        try service.replacingOccurrences(of: "ExecStart=/usr/local/bin/pkgctl ", with: "ExecStart=\(binary.path) ")
            .write(to: serviceCopy, atomically: true, encoding: .utf8)
        let timerCopy = scratch.appendingPathComponent("pkgctl-vod-batch.timer")
        try FileManager.default.copyItem(at: timerFile, to: timerCopy)
        let result = try ToolRun.run(analyze, ["verify", serviceCopy.path, timerCopy.path])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output + result.errors, "")
    }

    func testSystemdTimerStartsTheOneShotServiceHourlyWithoutAStartTimeout() throws {
        let service = try settings(serviceFile, section: "[Service]")
        XCTAssertEqual(service["Type"], ["oneshot"])
        XCTAssertEqual(service["TimeoutStartSec"], ["infinity"], "a oneshot unit would be killed after 90 s")
        XCTAssertEqual(service["User"], ["pkgctl"])
        XCTAssertEqual(service["ReadWritePaths"], ["/srv/hls/vod"])
        XCTAssertEqual(service["ProtectSystem"], ["strict"])
        XCTAssertEqual(service["Nice"], ["10"])
        XCTAssertEqual(service["CPUWeight"], ["20"])
        let timer = try settings(timerFile, section: "[Timer]")
        XCTAssertEqual(timer["OnCalendar"], ["hourly"])
        XCTAssertEqual(timer["Persistent"], ["true"])
        XCTAssertEqual(timer["Unit"], ["pkgctl-vod-batch.service"])
        XCTAssertEqual(try settings(timerFile, section: "[Install]")["WantedBy"], ["timers.target"])
    }

    /// ExecStart with /etc/pkgctl in a scratch directory (a catalogue of one of the test's titles).
    func testSystemdExecStartIsAValidBatchCommandLine() throws {
        let exec = try XCTUnwrap(try settings(serviceFile, section: "[Service]")["ExecStart"]?.first)
        let argv = exec.split(separator: " ").map(String.init)
        XCTAssertEqual(Array(argv.prefix(4)), ["/usr/local/bin/pkgctl", "vod", "--batch", "/etc/pkgctl/vod-batch.jsonl"])
        let etc = scratch.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
        try #"{"input": "/srv/archive/news-2024-05-01.ts", "output": "/srv/hls/vod/news-2024-05-01"}"#
            .write(to: etc.appendingPathComponent("vod-batch.jsonl"), atomically: true, encoding: .utf8)
        try #"{"segments": {"format": "ts", "duration": 6}}"#
            .write(to: etc.appendingPathComponent("vod-batch.json"), atomically: true, encoding: .utf8)
        let remapped = argv.dropFirst().map { $0.replacingOccurrences(of: "/etc/pkgctl/", with: etc.path + "/") }
        let (status, batch) = try BatchProcess.run(remapped + ["--list"], in: scratch)
        XCTAssertEqual(status, 0, batch.errors)
        XCTAssertEqual(batch.titles.compactMap { $0["output"] as? String }, ["/srv/hls/vod/news-2024-05-01"])
        XCTAssertEqual(batch.titles.first?["status"] as? String, "listed")
    }
}
