#!/usr/bin/env bash
# The demo: what pkgctl finds in the embedded sample (SCTE-35 in-band), as text and JSON.
set -euo pipefail
pkgctl=${1:-.build/release/pkgctl}
out=${2:-demo-out}
mkdir -p "$out"
echo "== pkgctl cues samples/live_scte35.ts"
"$pkgctl" cues samples/live_scte35.ts --format text
"$pkgctl" cues samples/live_scte35.ts --format json > "$out/live_scte35.cues.jsonl"
echo
echo "JSON lines written to $out/live_scte35.cues.jsonl"
