#!/usr/bin/env python3
"""The `pkgctl vod` bench input (scripts/make-bench-input.py: 5 min 1280x720 30 fps H.264, IDR
every 2 s, ten SCTE-35 splice_insert edges at 30 + 60k and 50 + 60k s) with every splice moved
into its GOP: edge n gets 0.10, 0.52, 0.97, 1.43, 1.90 s added in turn (so each one needs a
re-encode in accurate mode; at the keyframe itself the cost would be nil and say nothing). Each
section keeps its packet (same arrival, 4 s ahead of the original splice), rebuilt with the
bench input's own encoder functions; OUT's break_duration follows its moved IN.

Usage: scripts/bench/splice-input.py BENCH_INPUT OUTPUT   (prints OUTPUT; cached)
"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("benchinput", os.path.join(here, "..", "make-bench-input.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

OFFSETS = [0.10, 0.52, 0.97, 1.43, 1.90]


def section_of(packet):
    start = bench.payload_of(packet)
    start += 1 + packet[start]
    s = packet[start:]
    return s[:3 + (((s[1] & 0x0F) << 8) | s[2])]


def splice_fields(section):
    """(event_id, out, splice pts) of a splice_insert as make-bench-input writes it."""
    command = section[14:]
    event = int.from_bytes(command[0:4], "big")
    out = bool(command[5] & 0x80)
    t = command[6:11]
    pts = ((t[0] & 1) << 32) | int.from_bytes(t[1:5], "big")
    return event, out, pts


def main():
    source, target = sys.argv[1], sys.argv[2]
    if os.path.exists(target) and os.path.getsize(target) > 0:
        print(target)
        return
    with open(source, "rb") as f:
        ts = bytearray(f.read())
    offsets = [off for off in range(0, len(ts) - 187, 188)
               if ((ts[off + 1] & 0x1F) << 8 | ts[off + 2]) == bench.SCTE_PID]
    fields = [splice_fields(section_of(ts[off:off + 188])) for off in offsets]
    moved = [pts + round(OFFSETS[n % len(OFFSETS)] * 90000) for n, (_, _, pts) in enumerate(fields)]
    for n, off in enumerate(offsets):
        event, out, _ = fields[n]
        back = moved[n + 1] - moved[n] if out and n + 1 < len(moved) else None
        section = bench.splice_info_section(5, bench.splice_insert(event, out, moved[n] % bench.WRAP, back))
        ts[off:off + 188] = bench.section_packet(section, ts[off + 3] & 0x0F)
    with open(target + ".part", "wb") as f:
        f.write(ts)
    os.replace(target + ".part", target)
    print(f"splice-input: {len(offsets)} splices moved into their GOPs", file=sys.stderr)
    print(target)


if __name__ == "__main__":
    main()
