#!/usr/bin/env python3
"""What frame-accurate splices cost `pkgctl live` in latency (issue 11: in live the re-encode must
happen while the segment is open). The bench input with its splices moved inside their GOPs
(scripts/bench/splice-input.py), paced at real time (--realtime --speed 1), run twice side by
side from the same moment: --splice keyframe and --splice accurate. For every listed segment
(primary and asset) the delay from the arrival of its last frame (its PDT + EXTINF on the wall
clock, which is how live PDT is stamped) to the log line of the playlist version that lists it.
Both runs share the constant part (probe, pacing start); what accurate adds is the difference.
The live deadline is 1.5 target durations (9 s at 6 s): a segment listed later makes a player
wait at the live edge.

Usage: scripts/bench/splice-live.py PKGCTL INPUT [SECONDS]   (default 130: the first two breaks)"""
import datetime
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 6.0


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def delays(log_path):
    """(name, delay s) per listed segment, in log order; the first publication (held until it
    lists three target durations) is left out, as its segments wait by design."""
    rows = []
    with open(log_path) as f:
        for line in f:
            if not line.startswith("{"):
                continue
            event = json.loads(line)
            if event.get("event") != "segment" or "pdt" not in event:
                continue
            arrived = parse_time(event["pdt"]) + float(event.get("duration", 0))
            rows.append((event["name"], parse_time(event["ts"]) - arrived))
    held = 3
    primary = [r for r in rows if r[0].startswith("primary/")]
    first_listed = {name for name, _ in primary[:held]}
    return [r for r in rows if r[0] not in first_listed]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    pkgctl, source = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 130.0
    work = tempfile.mkdtemp(prefix="splice-live-")
    try:
        procs = {}
        for mode in ("keyframe", "accurate"):
            log = open(os.path.join(work, f"{mode}.log"), "w")
            procs[mode] = (subprocess.Popen([pkgctl, "live", "-i", source, "-o", os.path.join(work, mode), "--realtime",
                                             "--speed", "1", "--splice", mode, "--window", "10"],
                                            stdout=subprocess.DEVNULL, stderr=log), log)
        time.sleep(seconds)
        for proc, log in procs.values():
            proc.send_signal(signal.SIGTERM)
        for proc, log in procs.values():
            proc.wait(timeout=30)
            log.close()
        results = {mode: delays(os.path.join(work, f"{mode}.log")) for mode in procs}
        for mode, rows in results.items():
            if not rows:
                sys.exit(f"splice-live: no segments listed in the {mode} run ({work}/{mode}.log)")
            values = sorted(d for _, d in rows)
            worst = sorted(rows, key=lambda r: -r[1])[:3]
            print(f"  live --splice {mode}: {len(rows)} segments listed, delay after their last frame p50 "
                  f"{statistics.median(values) * 1000:.0f} ms, max {values[-1] * 1000:.0f} ms; latest: "
                  + ", ".join(f"{name} {d * 1000:.0f} ms" for name, d in worst))
        extra = max(d for _, d in results["accurate"]) - max(d for _, d in results["keyframe"])
        worst = max(d for _, d in results["accurate"])
        print(f"  live accurate: worst delay {worst * 1000:.0f} ms, {extra * 1000:+.0f} ms against keyframe "
              f"(goal: within the live deadline, 1.5 target durations = {1.5 * TARGET:.0f} s: "
              f"{'met' if worst <= 1.5 * TARGET else 'NOT met'})")
        splices = []
        with open(os.path.join(work, "accurate.log")) as f:
            splices = [json.loads(l) for l in f if l.startswith("{") and '"event":"splice"' in l]
        accurate = [s for s in splices if s.get("method") == "accurate"]
        if accurate:
            print(f"  live accurate: {len(accurate)} edges cut at their splice picture, "
                  f"{sum(s['frames_reencoded'] for s in accurate)} pictures re-encoded, "
                  f"re-encode CPU per edge median {statistics.median(s['cpu_ms'] for s in accurate):.0f} ms, "
                  f"max {max(s['cpu_ms'] for s in accurate):.0f} ms")
        else:
            print("  live accurate: no edge was cut at its splice picture (cues too late for their GOP?)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
