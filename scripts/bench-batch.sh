#!/usr/bin/env bash
# `pkgctl vod --batch` over a batch of 10 titles (the bench input: 5-minute 720p30 TS with five
# SCTE-35 breaks, scripts/make-bench-input.py), converted again each round (--force): media
# hours converted per CPU hour and per wall hour, from the batch's own summary line (per-title
# CPU is each worker process's rusage), medians of 3 rounds at -j 1 and -j <cores>. Also: the
# whole batch's CPU (wait4 of the batch, workers included) against 10 separate `pkgctl vod`
# runs of the same input (the cost of the batch around the conversions), and a re-run that
# skips all 10.
# Usage: scripts/bench-batch.sh [PKGCTL] [OUTDIR]   (without PKGCTL: builds .build/release/pkgctl)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/bench-pkgctl.sh "${1:-}"
out=${2:-bench-out}
input=$(python3 scripts/make-bench-input.py "$out")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$pkgctl" "$(realpath "$input")" "$work" <<'PY'
import json
import os
import statistics
import subprocess
import sys
import time
sys.path.insert(0, "scripts")
from benchlib import run_once

pkgctl, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
titles = 10
cores = os.cpu_count() or 1
os.makedirs(os.path.join(work, "in"))
with open(os.path.join(work, "jobs.jsonl"), "w") as jobs:
    for i in range(titles):
        # Hard links: ten titles (ten paths, ten fingerprints) without ten copies on disk.
        os.link(source, os.path.join(work, "in", f"t{i}.ts"))
        jobs.write(json.dumps({"input": f"in/t{i}.ts", "output": f"out/t{i}"}) + "\n")
subprocess.run(["cat", source], stdout=subprocess.DEVNULL, check=True)        # page cache
print(f"batch of {titles} titles, each {source} (5 min 720p30, 5 breaks); {cores} cores, "
      f"{time.strftime('%Y-%m-%d', time.gmtime())}")


def batch(*extra):
    """One batch run: (its summary line, wall and CPU of the whole process tree)."""
    argv = [pkgctl, "vod", "--batch", os.path.join(work, "jobs.jsonl"), *extra]
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    output = proc.stdout.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{output[-2000:]}{proc.stderr.read().decode()[-2000:]}")
    lines = [json.loads(line) for line in output.splitlines()]
    return lines[-1], lines[:-1], wall, usage.ru_utime + usage.ru_stime


def fresh():
    # Earlier runs' dirty pages are written back first (ten outputs are ~1.2 GB).
    subprocess.run(["sync"])


batch("-j", str(cores))                                                      # warm-up, fills out/
for jobs in sorted({1, cores}):
    rounds = []
    for _ in range(3):
        fresh()
        rounds.append(batch("-j", str(jobs), "--force"))
    per_cpu = statistics.median(s["media_hours_per_cpu_hour"] for s, _, _, _ in rounds)
    per_wall = statistics.median(s["media_hours_per_wall_hour"] for s, _, _, _ in rounds)
    wall = statistics.median(w for _, _, w, _ in rounds)
    tree = statistics.median(c for _, _, _, c in rounds)
    titles_cpu = statistics.median(s["converted_cpu_seconds"] for s, _, _, _ in rounds)
    rss = max(t["peak_rss_mib"] for _, lines, _, _ in rounds for t in lines)
    print(f"batch of {titles} (-j {jobs}): {per_cpu:.0f} media hours per CPU hour, {per_wall:.0f} media hours per wall hour "
          f"(wall {wall:.2f} s, titles' CPU {titles_cpu:.2f} s, whole batch CPU {tree:.2f} s, peak RSS per title {rss:.0f} MiB; "
          f"medians of 3)")

# The same ten conversions as ten separate `pkgctl vod` runs over the same outputs, alternated
# with a -j 1 batch: what the batch costs around them (parsing, probing, one parent process).
batch_cpu, separate_cpu = [], []
for _ in range(3):
    fresh()
    batch_cpu.append(batch("-j", "1", "--force")[3])
    fresh()
    separate_cpu.append(sum(run_once([pkgctl, "vod", os.path.join(work, "in", f"t{i}.ts"),
                                      "-o", os.path.join(work, "out", f"t{i}")])[1] for i in range(titles)))
b, s = statistics.median(batch_cpu), statistics.median(separate_cpu)
print(f"whole batch CPU at -j 1 vs {titles} separate pkgctl vod runs: {b:.2f} s / {s:.2f} s = {b / s:.3f} (medians of 3)")
batch("-j", str(cores))                       # the separate runs left outputs without fingerprints
summary, _, wall, _ = batch("-j", str(cores))
print(f"re-run with nothing changed: {summary['skipped']} of {titles} skipped in {wall:.3f} s")
PY
