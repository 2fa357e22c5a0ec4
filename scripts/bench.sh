#!/usr/bin/env bash
# Every benchmark: pkgctl next to FFmpeg on the same input where FFmpeg has an equivalent, then
# every ratio and goal line again as one summary (the README's performance table is this
# summary from a run on the machine it names). The whole transcript goes to bench-out/bench-report.txt.
# Usage: scripts/bench.sh [PKGCTL]   (make bench builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
pkgctl=${1:-.build/release/pkgctl}
mkdir -p bench-out
report=bench-out/bench-report.txt

{
echo "pkgctl bench $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if pgrep -x swift-build >/dev/null; then echo "NOTE: a swift build was running when the bench started: the machine was loaded"; fi
echo "== cue scan: pkgctl cues vs ffmpeg -c copy -f null and the read floor (515 MB TS) =="
scripts/bench-cues.sh "$pkgctl"
echo "== vod: pkgctl vod vs ffmpeg -f hls, TS and fMP4, strip and overlay, the TS engine alone, floors, two renditions (5 min 720p with SCTE-35) =="
scripts/bench-vod.sh "$pkgctl"
echo "== vod --splice accurate vs keyframe: extra wall and CPU per splice (5 min 720p, splices inside GOPs) =="
scripts/bench/splice-vod.sh "$pkgctl"
echo "== live --splice accurate vs keyframe: delay from a segment's last frame to its listing (real time, 130 s) =="
python3 scripts/bench/splice-live.py "$pkgctl" bench-out/vod-bench-5min-midgop.ts 130
echo "== vod --batch: media hours per CPU hour, batch of 10 (5 min 720p each) =="
scripts/bench-batch.sh "$pkgctl"
echo "== live: CPU/hour vs ffmpeg -f hls, publish latency, memory over 2 h, channels on two cores (real disk) =="
python3 scripts/bench-live.py "$pkgctl" --quick
echo "== date ranges: rendering 100 000 through the ledger =="
scripts/bench-daterange.sh "$pkgctl"
echo "== validate and timeline: a 24-hour live playlist =="
scripts/bench-validate.sh "$pkgctl"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
if pgrep -x swift-build >/dev/null; then echo "NOTE: a swift build was running when the bench ended: the machine was loaded"; fi
} 2>&1 | tee "$report"

echo
echo "== summary: every ratio and goal of this run =="
grep -E "^pkgctl bench|^NOTE|/ ffmpeg|goal|live accurate|x FFmpeg|real-time channels|media hours|^timeline|^rendered|^load after" "$report" | sed 's/^  //'
