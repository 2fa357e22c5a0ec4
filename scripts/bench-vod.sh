#!/usr/bin/env bash
# `pkgctl vod` vs FFmpeg's own HLS segmenting (stream copy) of the same 5-minute 720p30 TS with
# five SCTE-35 breaks, alternated, 3 rounds each. Goal: pkgctl wall time <= 0.8 x FFmpeg's.
# Usage: scripts/bench-vod.sh [PKGCTL] [OUTDIR]
#   without PKGCTL, builds and uses .build/release/pkgctl.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ge 1 ]; then
    pkgctl=$1
else
    if ! build_log=$(scripts/swift-locked.sh build -c release --product pkgctl 2>&1); then
        echo "$build_log" >&2
        exit 1
    fi
    pkgctl=.build/release/pkgctl
fi
out=${2:-bench-out}
input=$(python3 scripts/make-bench-input.py "$out")
echo "input: $input ($(( $(stat -c %s "$input") / 1048576 )) MiB)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ffmpeg"

python3 - "$pkgctl" "$input" "$work" <<'PY'
import json
import os
import sys
sys.path.insert(0, "scripts")
from benchlib import alternate, report

pkgctl, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
out1 = os.path.join(work, "pkgctl")
out2 = os.path.join(work, "ffmpeg")
import shutil


def fresh(name):
    # Both tools write into an empty directory every run, so neither pays for replacing the
    # previous run's files (pkgctl swaps a whole tree in; ffmpeg would overwrite in place).
    target = out1 if name == "pkgctl" else out2
    shutil.rmtree(target, ignore_errors=True)
    if name == "ffmpeg":
        os.makedirs(out2)
    subprocess.run(["sync"])


import subprocess
samples = alternate([
    ("ffmpeg", ["ffmpeg", "-v", "error", "-nostdin", "-i", source, "-map", "0:v", "-map", "0:a", "-c", "copy",
                "-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod", os.path.join(out2, "index.m3u8")]),
    ("pkgctl", [pkgctl, "vod", source, "-o", out1]),
], rounds=5, prepare=fresh)
ratio = report(samples, "ffmpeg", "pkgctl")
print(f"goal: pkgctl/ffmpeg wall <= 0.8 -> {'met' if ratio <= 0.8 else 'NOT met'} ({ratio:.3f})")

with open(os.path.join(out1, "report.json")) as f:
    r = json.load(f)
done = [s for s in r["spans"] if s["action"] == "interstitial"]
print(f"pkgctl found {len(r['spans'])} span(s), {len(done)} made interstitials "
      f"(expected 5); primary {r['primary_duration']} s of source {r['source_duration']} s; "
      f"warnings: {len(r['warnings'])}")
PY
