#!/usr/bin/env bash
# Every benchmark: pkgctl next to FFmpeg (or on its own where FFmpeg has no equivalent).
set -euo pipefail
pkgctl=${1:-.build/release/pkgctl}
echo "== cue scan (issue: cues) =="
scripts/bench-cues.sh "$pkgctl"
for extra in scripts/bench-validate.sh scripts/bench-daterange.sh; do
  if [ -x "$extra" ]; then echo "== $(basename "$extra" .sh) =="; "$extra" "$pkgctl"; fi
done
