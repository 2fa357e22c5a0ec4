#!/usr/bin/env bash
# CPU per frame-accurate splice per rendition at 720p30 (goal: <= 200 ms), on the `pkgctl vod`
# bench input (5 min 1280x720 30 fps H.264, IDR every 2 s, SCTE-35 breaks at 30+60k s, 20 s long)
# and an HEVC copy of its first 2 minutes. The break edges fall on keyframes there, so each splice
# is moved into the GOP (0.10 ... 1.90 s past the edge): the cost of a keyframe-aligned edge is
# nil and says nothing. Each splice is one VideoSpliceCutter call, measured in-process
# (CLOCK_PROCESS_CPUTIME_ID around the call); keyframe mode is printed for comparison.
# Usage: scripts/bench-splice.sh [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-out}
if ! build_log=$(scripts/swift-locked.sh build -c release --product pkgctl-splice-bench --static-swift-stdlib 2>&1); then
    echo "$build_log" >&2
    exit 1
fi
bench=.build/release/pkgctl-splice-bench
input=$(python3 scripts/make-bench-input.py "$out")
hevc="$out/bench-720p30-hevc.ts"
if [ ! -s "$hevc" ]; then
    ffmpeg -v error -nostdin -y -i "$input" -t 120 -map 0:v:0 -c:v libx265 -preset ultrafast -b:v 3M \
        -x265-params log-level=error:keyint=60:min-keyint=60:scenecut=0:open-gop=1:bframes=4 "$hevc"
fi
offsets=(0.10 0.52 0.97 1.43 1.90)
splices() {   # break edges before $1 seconds, each moved into its GOP by the next offset
    local n=0
    for edge in 30 50 90 110 150 170 210 230 270 290; do
        [ "$edge" -lt "$1" ] || continue
        awk -v e="$edge" -v o="${offsets[$((n % 5))]}" 'BEGIN { printf "%.2f\n", e + o }'
        n=$((n + 1))
    done
}
echo "== H.264 720p30 ($input) =="
"$bench" "$input" $(splices 300) | tee "$out/splice-h264.txt" | tail -2
"$bench" "$input" --keyframe $(splices 300) | tail -1
echo "== HEVC 720p30, open GOP ($hevc) =="
"$bench" "$hevc" $(splices 120) | tee "$out/splice-hevc.txt" | tail -2
"$bench" "$hevc" --keyframe $(splices 120) | tail -1
echo "(per-splice lines: $out/splice-h264.txt, $out/splice-hevc.txt)"
