#!/usr/bin/env bash
# The demo: find the cues in the embedded sample, convert it into HLS with interstitials,
# check the result, and show what a player's timeline will look like.
set -euo pipefail
pkgctl=${1:-.build/release/pkgctl}
out=${2:-demo-out}
vod="$out/live_scte35"
mkdir -p "$out"
echo "== 1. cues: pkgctl cues samples/live_scte35.ts"
"$pkgctl" cues samples/live_scte35.ts --format text
"$pkgctl" cues samples/live_scte35.ts --format json > "$out/live_scte35.cues.jsonl"
echo
echo "== 2. convert: pkgctl vod samples/live_scte35.ts -o $vod --config samples/pipeline.json"
"$pkgctl" vod samples/live_scte35.ts -o "$vod" --config samples/pipeline.json
echo
echo "== 3. check: pkgctl validate $vod --map http://127.0.0.1:8000/=$vod"
"$pkgctl" validate "$vod" --map "http://127.0.0.1:8000/=$vod"
echo
echo "== 4. timeline: pkgctl timeline $vod/master.m3u8"
"$pkgctl" timeline "$vod/master.m3u8" --format text
"$pkgctl" timeline "$vod/master.m3u8" --format svg --output "$vod/timeline.svg"
echo "   SVG transport bar written to $vod/timeline.svg"
echo
echo "The result is in $vod (report: $vod/report.json). To play it:"
echo "   (cd $vod && python3 -m http.server 8000)"
echo "then open http://127.0.0.1:8000/master.m3u8 in Safari, or in hls.js's demo page"
echo "(interstitial assets are addressed as http://127.0.0.1:8000/assets/<id>/index.m3u8)."
