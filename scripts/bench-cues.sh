#!/usr/bin/env bash
# Cue-scan throughput: `pkgctl cues` vs FFmpeg's own demux of the same ≥ 500 MB TS, alternated.
# Usage: scripts/bench-cues.sh PKGCTL [OUTDIR]
set -euo pipefail
pkgctl=${1:?usage: bench-cues.sh PKGCTL [OUTDIR]}
out=${2:-bench-out}
mkdir -p "$out"
big="$out/cues-500mb.ts"
if [ ! -s "$big" ]; then
  # 100 back-to-back copies of the 180 s sample (5.2 MB, one SCTE-35 PID): 515 MB, 1000 cues.
  for _ in $(seq 100); do cat samples/live_scte35.ts; done > "$big"
fi
size=$(stat -c %s "$big")
echo "input: $big ($((size / 1048576)) MiB)"
python3 - "$pkgctl" "$big" "$size" <<'PY'
import sys
sys.path.insert(0, "scripts")
from benchlib import alternate, report
pkgctl, big, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
samples = alternate([
    ("ffmpeg", ["ffmpeg", "-v", "error", "-nostdin", "-i", big, "-map", "0", "-c", "copy", "-f", "null", "-"]),
    ("pkgctl", [pkgctl, "cues", big, "--format", "json"]),
], rounds=3)
ratio = report(samples, "ffmpeg", "pkgctl")
import statistics
for name, runs in samples.items():
    wall = statistics.median(w for w, _, _ in runs)
    print(f"{name}: {size / wall / 1e6:.0f} MB/s")
print(f"pkgctl is {1 / ratio:.2f}x FFmpeg's demux speed (goal: >= 2x)")
PY
