#!/usr/bin/env bash
# `pkgctl vod` with two video renditions against FFmpeg's HLS muxer writing the same two variants:
# the bench input's 720p at 3 Mb/s and a 640x360 at 1 Mb/s made from the same pictures (keyframes
# on the same frames), one AAC track, the same five SCTE-35 breaks (make-bench-input.py
# --renditions 2). FFmpeg gets the audio mapped into each variant, as pkgctl muxes it into each
# rendition. TS and fMP4, strip, alternated, medians of 5 whole processes.
# Goals (issue 13, as for one rendition): wall <= 0.5x, CPU <= 0.6x, peak RSS <= 1x FFmpeg's.
# Usage: scripts/bench/vod-renditions.sh [PKGCTL] [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/bench-pkgctl.sh "${1:-}"
out=${2:-bench-out}
input=$(python3 scripts/make-bench-input.py "$out" --renditions 2)
echo "input: $input ($(( $(stat -c %s "$input") / 1048576 )) MiB, two video renditions), $(nproc) cores, $(date -u +%Y-%m-%d)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$pkgctl" "$input" "$work" <<'PY'
import json
import os
import shutil
import subprocess
import sys
sys.path.insert(0, "scripts")
from benchlib import alternate, ratio, table

pkgctl, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
subprocess.run(["cat", source], stdout=subprocess.DEVNULL, check=True)        # page cache


def out(name):
    return os.path.join(work, name.replace(" ", "-"))


def ffmpeg(name, *extra):
    return (name, ["ffmpeg", "-v", "error", "-nostdin", "-i", source, "-map", "0:v:0", "-map", "0:a:0", "-map", "0:v:1",
                   "-map", "0:a:0", "-c", "copy", "-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod", *extra,
                   "-var_stream_map", "v:0,a:0 v:1,a:1", "-master_pl_name", "master.m3u8",
                   os.path.join(out(name), "%v", "index.m3u8")])


commands = [
    ffmpeg("ffmpeg hls ts 2r"),
    ("pkgctl vod ts strip 2r", [pkgctl, "vod", source, "-o", out("pkgctl vod ts strip 2r")]),
    ffmpeg("ffmpeg hls fmp4 2r", "-hls_segment_type", "fmp4", "-bsf:a", "aac_adtstoasc"),
    ("pkgctl vod fmp4 strip 2r", [pkgctl, "vod", source, "-o", out("pkgctl vod fmp4 strip 2r"), "--segment-format", "fmp4"]),
]


def fresh(name):
    shutil.rmtree(out(name), ignore_errors=True)
    if name.startswith("ffmpeg"):
        os.makedirs(out(name))
    subprocess.run(["sync"])


samples = alternate(commands, rounds=5, prepare=fresh)
with open(os.path.join(out("pkgctl vod ts strip 2r"), "report.json")) as f:
    report = json.load(f)
with open(os.path.join(out("pkgctl vod ts strip 2r"), "master.m3u8")) as f:
    variants = sum(1 for line in f if line.startswith("#EXT-X-STREAM-INF"))
done = [s for s in report["spans"] if s["action"] == "interstitial"]
print(f"pkgctl: {variants} variants, {len(done)} interstitials (expected 2 and 5)")
med = table(samples)
print("ratios, two renditions (goal: wall <= 0.5, CPU <= 0.6, peak RSS <= 1.0):")
for subject, baseline in (("pkgctl vod ts strip 2r", "ffmpeg hls ts 2r"), ("pkgctl vod fmp4 strip 2r", "ffmpeg hls fmp4 2r")):
    ratio(med, subject, baseline, 0.5, 0.6, 1.0)
PY
