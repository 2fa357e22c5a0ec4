#!/usr/bin/env bash
# Cue-scan throughput: `pkgctl cues` vs FFmpeg's own demux of the same ≥ 500 MB TS, and the
# floor (reading the bytes from the page cache), alternated, medians of 5 runs.
# Goal (issue 13): pkgctl cues >= 4x faster than FFmpeg's demux.
# Usage: scripts/bench-cues.sh PKGCTL [OUTDIR]
set -euo pipefail
pkgctl=${1:?usage: bench-cues.sh PKGCTL [OUTDIR]}
out=${2:-bench-out}
mkdir -p "$out"
big="$out/cues-500mb.ts"
if [ ! -s "$big" ]; then
  # 100 back-to-back copies of the 180 s sample (5.2 MB, one SCTE-35 PID): 515 MB, 1000 cues.
  for _ in $(seq 100); do cat samples/live_scte35.ts; done > "$big"
  sync
fi
size=$(stat -c %s "$big")
echo "input: $big ($((size / 1048576)) MiB)"
python3 - "$pkgctl" "$big" "$size" <<'PY'
import sys
sys.path.insert(0, "scripts")
from benchlib import alternate, medians, ratio, table
pkgctl, big, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
samples = alternate([
    ("ffmpeg -c copy -f null", ["ffmpeg", "-v", "error", "-nostdin", "-i", big, "-map", "0", "-c", "copy", "-f", "null", "-"]),
    ("pkgctl cues", [pkgctl, "cues", big, "--format", "json"]),
    ("floor: read (cat)", ["sh", "-c", f"cat '{big}' > /dev/null"]),
], rounds=5)
med = table(samples)
ratio(med, "pkgctl cues", "ffmpeg -c copy -f null", 0.25)
for name, (wall, _, _) in med.items():
    print(f"{name}: {size / wall / 1e6:.0f} MB/s")
w = med["pkgctl cues"][0]
print(f"pkgctl cues is {med['ffmpeg -c copy -f null'][0] / w:.2f}x FFmpeg's demux speed (goal: >= 4x), "
      f"{w / med['floor: read (cat)'][0]:.1f}x the read floor")
PY
