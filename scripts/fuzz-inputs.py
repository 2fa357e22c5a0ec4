#!/usr/bin/env python3
"""Whole-process mutation runs of pkgctl on damaged inputs: crashes and hangs, not messages.

Each round damages a copy of a sample — a TS (bytes flipped, packets' headers changed, runs of
bytes cut or inserted, packets repeated, the file cut short) or a stitched playlist and a pkgctl
output tree (lines dropped, repeated or swapped, values replaced by absurd ones, stray tags) — and
runs the release binary on it in every mode that reads it: vod (TS, fMP4, single file, overlay,
libavformat), live from the file (byte-level, fMP4, accurate splices), cues, validate, timeline.
Bad input must give a message and exit 1 or 2; a signal (a Swift trap is SIGILL or SIGTRAP), an
exit status above 3 or a run past the time limit is a finding: the damaged input is kept under
OUTDIR with the command, and the run goes on.

Usage: scripts/fuzz-inputs.py [--seconds N] [--seed N] [--out OUTDIR] [--kind ts|playlist|both]
(from the repository root, after `make build`; default 600 s, both kinds, .build/fuzz-inputs).
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import time

from fuzzlib import finding

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKGCTL = os.path.join(ROOT, ".build/release/pkgctl")
TS_SAMPLES = [os.path.join(ROOT, "samples/live_scte35.ts"), os.path.join(ROOT, "samples/stitched_vod.ts")]
STITCHED = os.path.join(ROOT, "samples/stitched_vod")
LIMIT = 120          # seconds a run may take; live gives up on a dead input after --input-timeout 3

TS_RUNS = [
    ["cues", "{in}"],
    ["vod", "{in}", "-o", "{out}", "-q"],
    ["vod", "{in}", "-o", "{out}", "-q", "--splice", "keyframe", "--placement", "overlay"],
    ["vod", "{in}", "-o", "{out}", "-q", "--segment-format", "fmp4"],
    ["vod", "{in}", "-o", "{out}", "-q", "--segment-format", "fmp4", "--single-file"],
    ["vod", "{in}", "-o", "{out}", "-q", "--engine", "libavformat"],
    ["live", "-i", "{in}", "-o", "{out}", "--endlist-on-exit", "--input-timeout", "3", "--log-format", "text", "-q"],
    ["live", "-i", "{in}", "-o", "{out}", "--endlist-on-exit", "--input-timeout", "3", "--segment-format", "fmp4",
     "--splice", "accurate", "-q"],
]
ABSURD = ["", "-1", "0", "1e308", "NaN", "inf", "99999999999999999999", "0x", "\"", "\"open", ",", "=", "1.5.5",
          "2025-13-45T99:99:99Z", "-0.000", " ", "\u00e9", "A" * 5000]
STRAY_TAGS = ["#EXT-X-DISCONTINUITY", "#EXT-X-ENDLIST", "#EXTINF:", "#EXT-X-MAP:URI=\"x\"", "#EXT-X-BYTERANGE:10@",
              "#EXT-X-DATERANGE:ID=\"a\"", "#EXT-X-GAP", "#EXTM3U", "#EXT-X-KEY:METHOD=AES-128",
              "#EXT-X-PROGRAM-DATE-TIME:", "#EXT-X-TARGETDURATION:0", "#EXT-X-MEDIA-SEQUENCE:-5", "#EXT-X-CUE-OUT:30",
              "#EXT-X-CUE-IN", "seg999.ts"]


def damage_ts(data, rng):
    b = bytearray(data)
    for _ in range(rng.choice([1, 2, 5, 20, 100])):
        if len(b) < 4 * 188:
            break
        op = rng.random()
        if op < 0.4:                                   # any byte
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif op < 0.55:                                # a packet header or adaptation field byte
            i = rng.randrange(len(b) // 188) * 188 + rng.randrange(1, 15)
            if i < len(b):
                b[i] = rng.choice([0, 0xFF, rng.randrange(256)])
        elif op < 0.65:                                # a run cut out (loses sync)
            i = rng.randrange(len(b))
            del b[i:i + rng.randrange(1, 4000)]
        elif op < 0.75:                                # noise inserted
            i = rng.randrange(len(b))
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        elif op < 0.85:                                # one packet over another
            i, j = (rng.randrange(len(b) // 188) * 188 for _ in range(2))
            b[i:i + 188] = b[j:j + 188]
        else:                                          # cut short
            b = b[:rng.randrange(len(b) // 4, len(b))]
    return bytes(b)


def damage_text(text, rng):
    lines = text.split("\n")
    for _ in range(rng.choice([1, 2, 4, 8])):
        op, i = rng.random(), rng.randrange(len(lines))
        if op < 0.2:
            del lines[i]
        elif op < 0.3:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.4:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op < 0.8:                                 # a value after ':', '=' or ',' replaced
            line = lines[i]
            seps = [k for k, c in enumerate(line) if c in ":=,"]
            if seps:
                k = rng.choice(seps)
                end = k + 1
                while end < len(line) and line[end] != ",":
                    end += 1
                lines[i] = line[:k + 1] + rng.choice(ABSURD) + line[end:]
            else:
                lines[i] = rng.choice(ABSURD)
        elif op < 0.9:
            lines.insert(i, rng.choice(STRAY_TAGS))
        else:
            raw = bytearray(lines[i].encode())
            if raw:
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            lines[i] = raw.decode(errors="replace")
    return "\n".join(lines)


def run(args):
    """(status, stderr tail); status is 'timeout' past LIMIT."""
    try:
        r = subprocess.run([PKGCTL] + args, capture_output=True, timeout=LIMIT)
        return r.returncode, r.stderr.decode(errors="replace")[-800:]
    except subprocess.TimeoutExpired:
        return "timeout", ""


class Fuzz:
    def __init__(self, out, rng):
        self.out, self.rng = out, rng
        self.runs = self.findings = 0
        self.work = os.path.join(out, "work")

    def keep(self, label, args, status, err, paths):
        self.findings += 1
        place = os.path.join(self.out, f"finding-{self.findings:03d}-{label}")
        os.makedirs(place, exist_ok=True)
        for p in paths:
            (shutil.copytree if os.path.isdir(p) else shutil.copy)(p, os.path.join(place, os.path.basename(p)))
        with open(os.path.join(place, "command.txt"), "w") as f:
            f.write(" ".join(["pkgctl"] + args) + f"\nstatus: {status}\n{err}\n")
        print(f"finding {self.findings}: status {status}: pkgctl {' '.join(args)} (kept in {place})", flush=True)

    def ts_round(self):
        source = self.rng.choice(TS_SAMPLES)
        with open(source, "rb") as f:
            data = damage_ts(f.read(), self.rng)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        damaged = os.path.join(self.work, "in.ts")
        with open(damaged, "wb") as f:
            f.write(data)
        for template in TS_RUNS:
            out = os.path.join(self.work, "out")
            shutil.rmtree(out, ignore_errors=True)
            args = [a.format(**{"in": damaged, "out": out}) for a in template]
            status, err = run(args)
            self.runs += 1
            if finding(status, err):
                self.keep(template[0], args, status, err, [damaged])

    def playlist_round(self, tree):
        shutil.rmtree(self.work, ignore_errors=True)
        stitched = os.path.join(self.work, "stitched")
        shutil.copytree(STITCHED, stitched)
        playlist = os.path.join(stitched, "index.m3u8")
        with open(playlist) as f:
            text = damage_text(f.read(), self.rng)
        with open(playlist, "w") as f:
            f.write(text)
        output = os.path.join(self.work, "output")
        shutil.copytree(tree, output)
        victims = [os.path.relpath(os.path.join(d, n), output) for d, _, names in os.walk(output)
                   for n in names if n.endswith(".m3u8")]
        victim = os.path.join(output, self.rng.choice(victims))
        with open(victim) as f:
            text = damage_text(f.read(), self.rng)
        with open(victim, "w") as f:
            f.write(text)
        master = os.path.join(output, "master.m3u8")
        for args in (["vod", playlist, "-o", os.path.join(self.work, "out"), "-q"], ["cues", playlist],
                     ["validate", master], ["validate", victim], ["timeline", master, "--offline"],
                     ["timeline", master, "--offline", "--format", "svg"]):
            status, err = run(args)
            self.runs += 1
            if finding(status, err):
                self.keep(args[0], args, status, err, [stitched, output])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/fuzz-inputs"))
    parser.add_argument("--kind", choices=["ts", "playlist", "both"], default="both")
    a = parser.parse_args()
    if not os.access(PKGCTL, os.X_OK):
        sys.exit(f"fuzz-inputs: no {PKGCTL}; run make build first")
    os.makedirs(a.out, exist_ok=True)
    fuzz = Fuzz(a.out, random.Random(a.seed))
    tree = os.path.join(a.out, "sample-output")
    if a.kind != "ts":                                 # a pkgctl output with interstitials to damage
        shutil.rmtree(tree, ignore_errors=True)
        subprocess.run([PKGCTL, "vod", TS_SAMPLES[0], "-o", tree, "-q"], check=True, stdout=subprocess.DEVNULL)
    print(f"fuzz-inputs: seed {a.seed}, {a.seconds:.0f} s, {a.kind}", flush=True)
    deadline, rounds = time.time() + a.seconds, 0
    while time.time() < deadline:
        kind = a.kind if a.kind != "both" else ("ts" if rounds % 2 == 0 else "playlist")
        fuzz.ts_round() if kind == "ts" else fuzz.playlist_round(tree)
        rounds += 1
    shutil.rmtree(fuzz.work, ignore_errors=True)
    print(f"fuzz-inputs: {rounds} rounds, {fuzz.runs} runs, {fuzz.findings} finding(s)", flush=True)
    sys.exit(1 if fuzz.findings else 0)


if __name__ == "__main__":
    main()
