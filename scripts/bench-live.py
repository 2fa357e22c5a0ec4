#!/usr/bin/env python3
"""pkgctl live benchmarks (a script, not a test): CPU per hour of 4 Mbps input next to FFmpeg's
HLS muxer, publish latency, memory growth over 2 hours of accelerated input, and how many
channels two cores sustain without missing the 1.5-target-duration deadline.

Usage: scripts/bench-live.py PKGCTL [--channels 50,100,200] [--quick] [--only cpu,rss,channels]"""
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from benchlib import run_once  # noqa: E402

OUT = "bench-out"
INPUT = os.path.join(OUT, "live-4mbps.ts")
SCRATCH = "/dev/shm/pkgctl-bench" if os.path.isdir("/dev/shm") else os.path.join(OUT, "live-scratch")


def make_input():
    if os.path.exists(INPUT):
        return
    os.makedirs(OUT, exist_ok=True)
    print("making a 120 s 720p30 4 Mbps TS (once)...", flush=True)
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
                    "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000", "-t", "120",
                    "-c:v", "libx264", "-preset", "veryfast", "-b:v", "3800k", "-maxrate", "4000k", "-bufsize", "8000k",
                    "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "128k",
                    "-f", "mpegts", INPUT], check=True)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    return path


def live_cmd(pkgctl, out, speed, extra=()):
    return [pkgctl, "live", "-i", INPUT, "-o", out, "--realtime", "--speed", str(speed), "--loop",
            "--window", "10", "--keep-extra", "0", *extra]


def run_for(cmd, seconds, log_path):
    """Runs cmd for `seconds` of wall time, then SIGTERM; returns (cpu seconds, log lines)."""
    with open(log_path, "w") as log:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log)
        time.sleep(seconds)
        proc.send_signal(signal.SIGTERM)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
    with open(log_path) as f:
        lines = [json.loads(l) for l in f if l.startswith("{")]
    return usage.ru_utime + usage.ru_stime, wall, lines


def segments(lines):
    return [l for l in lines if l.get("event") == "segment"]


def cpu_per_hour(pkgctl, speed, wall):
    out = fresh(os.path.join(SCRATCH, "cpu"))
    cpu, _, lines = run_for(live_cmd(pkgctl, out, speed), wall, os.path.join(OUT, "bench-live-cpu.log"))
    media = sum(s["duration"] for s in segments(lines))
    lat = sorted(s["latency_ms"] for s in segments(lines))
    ff_out = fresh(os.path.join(SCRATCH, "ffmpeg"))
    ff = ["ffmpeg", "-v", "error", "-nostdin", "-readrate", str(speed), "-stream_loop", "-1", "-i", INPUT,
          "-map", "0:v", "-map", "0:a", "-c", "copy", "-f", "hls", "-hls_time", "6", "-hls_list_size", "10",
          "-hls_flags", "delete_segments", os.path.join(ff_out, "index.m3u8")]
    ff_cpu, ff_wall, _ = run_for(ff, wall, os.path.join(OUT, "bench-live-ffmpeg.log"))
    ff_media = ff_wall * speed
    ours = cpu / media * 3600
    theirs = ff_cpu / ff_media * 3600
    print(f"CPU per hour of 4 Mbps input: pkgctl {ours:.1f} s ({ours / 36:.3f} % of a core), "
          f"ffmpeg hls muxer {theirs:.1f} s ({theirs / 36:.3f} %); ratio {ours / theirs:.2f}  (goal: < 0.5 % of a core)")
    if lat:
        p50 = lat[len(lat) // 2]
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        print(f"segment → playlist replaced latency over {len(lat)} segments: p50 {p50:.1f} ms, p99 {p99:.1f} ms "
              f"(goal: p99 ≤ 20 ms)")


def rss_growth(pkgctl, speed):
    out = fresh(os.path.join(SCRATCH, "rss"))
    log_path = os.path.join(OUT, "bench-live-rss.log")
    marks = {300: None, 7200: None}
    with open(log_path, "w") as log:
        proc = subprocess.Popen(live_cmd(pkgctl, out, speed), stdout=subprocess.DEVNULL, stderr=log)
        media = 0.0
        seen = 0
        deadline = time.monotonic() + 7200 / speed * 3 + 30
        while media < 7200 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            with open(log_path) as f:
                lines = f.readlines()
            for l in lines[seen:]:
                if '"event":"segment"' in l:
                    media += json.loads(l)["duration"]
            seen = len(lines)
            rss = vm_rss(proc.pid)
            for mark in marks:
                if marks[mark] is None and media >= mark:
                    marks[mark] = rss
        proc.send_signal(signal.SIGTERM)
        proc.wait()
    a, b = marks[300], marks[7200]
    if a and b:
        print(f"after 5 min of media: RSS {a[0] / 1024:.1f} MiB (anonymous {a[1] / 1024:.1f} MiB); "
              f"after 2 h: RSS {b[0] / 1024:.1f} MiB (anonymous {b[1] / 1024:.1f} MiB); "
              f"growth {b[0] / a[0]:.2f}× / {b[1] / max(a[1], 1):.2f}×  (goal: flat, ≤ 25 MB; library pages are shared)")
    else:
        print(f"RSS marks not reached (media {media:.0f} s): {marks}")


def vm_rss(pid):
    """(RSS, anonymous memory) in KiB. RSS counts the FFmpeg/Swift library pages too, which are
    file-backed and shared by every channel on a host; the anonymous part is what each channel
    really adds."""
    values = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2 and parts[0] in ("Rss:", "Pss_Anon:"):
                    values[parts[0]] = int(parts[1])
    except OSError:
        return None
    if "Rss:" not in values:
        return None
    return values["Rss:"], values.get("Pss_Anon:", 0)


def channels(pkgctl, counts, wall):
    target = 6.0
    for n in counts:
        procs = []
        logs = []
        for i in range(n):
            out = fresh(os.path.join(SCRATCH, f"ch{i}"))
            log_path = os.path.join(SCRATCH, f"ch{i}.log")
            logs.append(log_path)
            procs.append(subprocess.Popen(live_cmd(pkgctl, out, 1, ["--channel", f"ch{i}"]),
                                          stdout=subprocess.DEVNULL, stderr=open(log_path, "w")))
        time.sleep(wall)
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            p.wait()
        missed = 0
        worst = 0.0
        for log_path in logs:
            stamps = []
            with open(log_path) as f:
                for l in f:
                    if '"event":"segment"' in l:
                        stamps.append(json.loads(l)["ts"])
            times = [time.mktime(time.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")) + float("0" + s[19:23]) for s in stamps]
            gaps = [b - a for a, b in zip(times[1:-1], times[2:-1])]  # skip start-up and the final partial one
            worst = max([worst] + gaps)
            missed += sum(1 for g in gaps if g > 1.5 * target)
        print(f"{n} channels for {wall} s: worst gap between playlist versions {worst:.2f} s, "
              f"deadline misses {missed} (deadline {1.5 * target:.0f} s)", flush=True)
        if missed:
            break


def main():
    pkgctl = sys.argv[1] if len(sys.argv) > 1 else ".build/release/pkgctl"
    quick = "--quick" in sys.argv
    counts = [50, 100, 200]
    if "--channels" in sys.argv:
        counts = [int(x) for x in sys.argv[sys.argv.index("--channels") + 1].split(",")]
    make_input()
    os.makedirs(SCRATCH, exist_ok=True)
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else "cpu,rss,channels"
    if "cpu" in only:
        cpu_per_hour(pkgctl, speed=30, wall=10 if quick else 30)
    if "rss" in only:
        rss_growth(pkgctl, speed=200)
    if "channels" in only:
        channels(pkgctl, counts, wall=30 if quick else 60)
    shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
