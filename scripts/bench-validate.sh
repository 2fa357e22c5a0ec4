#!/usr/bin/env bash
# Times `pkgctl validate` on a generated 24-hour live playlist: 14 400 six-second segments,
# PDT on every segment, one interstitial every 15 minutes announced (PLANNED-DURATION) and
# completed 30 s later by a same-ID tag that repeats ID/CLASS/START-DATE byte for byte.
# Goal: well under one second.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! build_log=$(scripts/swift-locked.sh build -c release --product pkgctl 2>&1); then
    echo "$build_log" >&2
    exit 1
fi

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

echo "playlist: $(wc -l <"$playlist") lines, $(grep -c '^#EXT-X-DATERANGE' "$playlist") DATERANGE tags, $(du -h "$playlist" | cut -f1)"
begin=$(date +%s.%N)
set +e
.build/release/pkgctl validate "$playlist" >"$workdir/out.txt" 2>"$workdir/err.txt"
status=$?
set -e
end=$(date +%s.%N)
echo "exit status: $status ($(tail -1 "$workdir/err.txt"))"
awk -v b="$begin" -v e="$end" 'BEGIN { printf "validate: %.3f s\n", e - b }'
