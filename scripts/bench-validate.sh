#!/usr/bin/env bash
# `pkgctl validate` and `pkgctl timeline` timings, medians of 5 runs each (and the best):
#  1. a generated 24-hour live playlist — 14 400 six-second segments, PDT on every segment, one
#     interstitial every 15 minutes announced (PLANNED-DURATION) and completed 30 s later by a
#     same-ID tag — with media checks off. Goal: <= 0.1 s. The same playlist through
#     `pkgctl timeline --offline` (the schedule a player builds, as JSON).
#  2. pkgctl's own VOD output of the 5-minute 720p benchmark input (scripts/make-bench-input.py,
#     five interstitial assets), every segment and asset segment probed with libavformat
#     (--media on, assets read through --map). Goal: <= 2 s.
# Usage: scripts/bench-validate.sh [PKGCTL] [OUTDIR]   (without PKGCTL, builds .build/release/pkgctl)
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/bench-pkgctl.sh "${1:-}"
out=${2:-bench-out}

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
playlist="$workdir/live.m3u8"

python3 - "$playlist" <<'PY'
import sys
from datetime import datetime, timedelta, timezone

segments = 14_400            # 24 h of 6 s segments
every = 150                  # an interstitial every 15 min
span = 5                     # each break covers 30 s
start = datetime(2026, 1, 1, tzinfo=timezone.utc)

def stamp(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"

lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6",
         "#EXT-X-MEDIA-SEQUENCE:1000000", "#EXT-X-DISCONTINUITY-SEQUENCE:0"]
for i in range(segments):
    t = start + timedelta(seconds=6 * i)
    if i % every == 0 and i > 0:
        n = i // every
        head = (f'ID="break-{n}",CLASS="com.apple.hls.interstitial",START-DATE="{stamp(t)}"')
        lines.append(f'#EXT-X-DATERANGE:{head},PLANNED-DURATION=30.0,'
                     f'X-ASSET-LIST="https://ads.example.com/list.json?_HLS_interstitial_id=break-{n}",'
                     f'X-SNAP="OUT,IN",X-TIMELINE-OCCUPIES="RANGE"')
    if i % every == span and i > span:
        n = i // every
        b = start + timedelta(seconds=6 * (n * every))
        head = (f'ID="break-{n}",CLASS="com.apple.hls.interstitial",START-DATE="{stamp(b)}"')
        lines.append(f'#EXT-X-DATERANGE:{head},DURATION=30.0,X-RESUME-OFFSET=30.0')
    lines.append(f"#EXT-X-PROGRAM-DATE-TIME:{stamp(t)}")
    lines.append("#EXTINF:6.000,")
    lines.append(f"seg{1000000 + i}.ts")
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY

# Median wall time of 5 runs of "$@" (then the best, after a space); the last run's output and
# exit status stay in $workdir.
median_of_5() {
    local times=()
    for _ in 1 2 3 4 5; do
        local begin end
        begin=$(date +%s.%N)
        set +e
        "$@" >"$workdir/out.txt" 2>"$workdir/err.txt"
        echo $? >"$workdir/status"
        set -e
        end=$(date +%s.%N)
        times+=("$(awk -v b="$begin" -v e="$end" 'BEGIN { printf "%.3f", e - b }')")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 } END { print t[3], t[1] }'
}

verdict() { awk -v t="$1" -v g="$2" 'BEGIN { print (t <= g ? "met" : "NOT met") }'; }

echo "playlist: $(wc -l <"$playlist") lines, $(grep -c '^#EXT-X-DATERANGE' "$playlist") DATERANGE tags, $(du -h "$playlist" | cut -f1)"
read -r t best < <(median_of_5 "$pkgctl" validate "$playlist" --media=off)
echo "exit status: $(cat "$workdir/status") ($(tail -1 "$workdir/err.txt"))"
echo "validate, 24-hour live playlist, media checks off: $t s median, $best s best (goal <= 0.1 s: $(verdict "$t" 0.1))"
read -r t best < <(median_of_5 "$pkgctl" timeline "$playlist" --offline --format json)
echo "exit status: $(cat "$workdir/status"), $(wc -c <"$workdir/out.txt") bytes of JSON"
echo "timeline, 24-hour live playlist, offline: $t s median, $best s best"

input=$(python3 scripts/make-bench-input.py "$out")
vod="$workdir/vod"
"$pkgctl" vod "$input" -o "$vod" >/dev/null 2>&1
count=$(find "$vod" -name '*.ts' | wc -l)
size=$(du -sm "$vod" | cut -f1)
read -r t best < <(median_of_5 "$pkgctl" validate "$vod" --media=on --map "http://127.0.0.1:8000/=$vod")
echo "exit status: $(cat "$workdir/status") ($(tail -1 "$workdir/err.txt"))"
echo "validate, 5-minute 720p VOD output, media checks on ($count segments, $size MiB): $t s median, $best s best (goal <= 2 s: $(verdict "$t" 2))"
