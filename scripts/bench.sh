#!/usr/bin/env bash
# Every benchmark: pkgctl next to FFmpeg on the same input where FFmpeg has an equivalent.
set -euo pipefail
pkgctl=${1:-.build/release/pkgctl}
echo "== cue scan: pkgctl cues vs ffmpeg -c copy -f null and the read floor (515 MB TS) =="
scripts/bench-cues.sh "$pkgctl"
echo "== vod: pkgctl vod vs ffmpeg -f hls, TS and fMP4, strip and overlay, the TS engine alone, floors (5 min 720p with SCTE-35) =="
scripts/bench-vod.sh "$pkgctl"
echo "== vod --splice accurate vs keyframe: extra wall and CPU per splice (5 min 720p, splices inside GOPs) =="
scripts/bench/splice-vod.sh "$pkgctl"
echo "== vod --batch: media hours per CPU hour, batch of 10 (5 min 720p each) =="
scripts/bench-batch.sh "$pkgctl"
echo "== live: CPU/hour vs ffmpeg -f hls, publish latency, memory over 2 h, channels on two cores =="
python3 scripts/bench-live.py "$pkgctl" --quick
echo "== date ranges: rendering 100 000 through the ledger =="
scripts/bench-daterange.sh "$pkgctl"
echo "== validate: a 24-hour live playlist =="
scripts/bench-validate.sh "$pkgctl"
