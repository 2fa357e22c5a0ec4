#!/usr/bin/env bash
# Where the CPU time of each benchmarked job goes: `perf record` (cpu-clock, DWARF call graphs,
# which work through Debian's libav* without frame pointers) of one run each of
#   pkgctl vod (TS, strip), pkgctl vod (TS, overlay), ffmpeg -c copy -f hls (TS),
#   pkgctl vod (fMP4, strip), ffmpeg -f hls -hls_segment_type fmp4,
#   pkgctl cues, ffmpeg -map 0 -c copy -f null -
# on the bench inputs, then every sample is charged to the first known owner on its stack
# (libavformat demux, mux, parser, Swift stages, process start …) and to the kind of work at its
# leaf (read()/write() copies, memcpy, malloc, retain/release, futex handoffs …).
# Usage: scripts/profile-jobs.sh [PKGCTL] [OUTDIR]   (needs perf: apt-get install linux-perf)
# The hardware counters are not exposed in this VM (perf stat -e instructions says
# "not supported"), so the software cpu-clock event is sampled at 4 kHz.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgctl=${1:-.build/release/pkgctl}
out=${2:-bench-out}
input=$(python3 scripts/make-bench-input.py "$out")
big="$out/cues-500mb.ts"
if [ ! -s "$big" ]; then
  for _ in $(seq 100); do cat samples/live_scte35.ts; done > "$big"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat "$input" "$big" > /dev/null                      # page cache, as in the benchmarks
sync

profile() {
  local name=$1; shift
  rm -rf "$work/o" && mkdir -p "$work/o"
  sync                                # no writeback of earlier output runs under this job
  perf record -q -e cpu-clock -F 4000 --call-graph dwarf,32768 -o "$work/$name.data" -- "$@" \
    > /dev/null 2> "$work/$name.err" || { cat "$work/$name.err" >&2; exit 1; }
  perf script -i "$work/$name.data" 2> /dev/null > "$work/$name.txt"
  python3 - "$name" "$work/$name.txt" <<'PY'
import collections, re, sys
name, path = sys.argv[1], sys.argv[2]
OWNERS = [  # (substring of a frame, owner); the first match walking from the leaf wins
    ("av_parser_parse2", "libavcodec parsers (h264/aac frame split, in demux)"),
    ("avformat_find_stream_info", "probe (avformat_find_stream_info)"),
    ("avformat_open_input", "probe (avformat_open_input)"),
    ("av_read_frame", "libavformat TS demux (av_read_frame)"),
    ("av_interleaved_write_frame", "libavformat mux (hls/mpegts, av_interleaved_write_frame)"),
    ("av_write_frame", "libavformat TS mux (av_write_frame)"),
    ("av_write_trailer", "libavformat mux (trailer)"),
    ("avformat_write_header", "libavformat mux (header)"),
    ("avio_open", "segment files: open"), ("avio_close", "segment files: close"),
    ("TSSectionScanner", "Swift TS section scanner"),
    ("TSUnitDemuxer", "Swift TS unit demuxer (fMP4 packets)"), ("TSEventSource", "Swift TS event source"),
    ("AnnexBToLengthPrefixed", "Swift fMP4 fragment writer"), ("FragmentTrack", "Swift fMP4 fragment writer"),
    ("FragmentWriter", "Swift fMP4 fragment writer"), ("TSOutputFile", "segment files: write"),
    ("TSIndexer", "Swift TS indexer"), ("TSSegmentWriter", "Swift TS segment writer"),
    ("SegmentMuxer", "Swift SegmentMuxer glue"), ("Segmenter", "Swift Segmenter"),
    ("WorkPipe", "Swift WorkPipe (thread handoff)"), ("VodDemuxStage", "Swift demux stage"),
    ("InBandCueFeed", "Swift cue feed"), ("TeeIOContext", "Swift tee reader"),
    ("VodSegmentWriter", "Swift segment writer"), ("VodPresentation", "playlists/report"),
    ("CueScan", "Swift cue scan"), ("avio_read", "input read (avio)"),
    ("_dl_", "process start: dynamic loader"), ("dl_main", "process start: dynamic loader"),
    ("swift_conformsToProtocol", "Swift runtime metadata lookups"),
    ("swift_getTypeByMangled", "Swift runtime metadata lookups"),
    ("exit", "process exit"), ("do_exit", "process exit"),
]
LEAVES = [  # (substring anywhere on the stack, kind), first match from the leaf
    ("copy_file_range", "kernel copy_file_range"), ("sendfile", "kernel sendfile"),
    ("ksys_read", "kernel read() (page cache copy)"), ("ksys_pread", "kernel read() (page cache copy)"),
    ("ksys_write", "kernel write() (page cache fill)"), ("do_writev", "kernel write() (page cache fill)"),
    ("futex", "kernel futex (thread wake/wait)"), ("exc_page_fault", "page faults"),
    ("do_sys_open", "kernel open"), ("__x64_sys_close", "kernel close"), ("__x64_sys_unlink", "kernel unlink/rename"),
    ("__x64_sys_rename", "kernel unlink/rename"), ("__x64_sys_mkdir", "kernel mkdir"),
    ("__x64_sys_mmap", "kernel mmap/munmap/brk"), ("__x64_sys_munmap", "kernel mmap/munmap/brk"),
    ("__x64_sys_brk", "kernel mmap/munmap/brk"), ("schedule", "kernel scheduler"),
    ("syscall_exit", "kernel syscall return"), ("do_exit", "kernel process exit"),
]
USER = [("memmove", "memcpy"), ("memcpy", "memcpy"), ("memset", "memset"),
        ("malloc", "malloc/free"), ("_int_free", "malloc/free"), ("cfree", "malloc/free"), ("free", "malloc/free"),
        ("unlink_chunk", "malloc/free"), ("memalign", "malloc/free"),
        ("swift_retain", "Swift retain/release"), ("swift_release", "Swift retain/release"),
        ("swift_bridgeObjectRe", "Swift retain/release"), ("swift_beginAccess", "Swift exclusivity checks"),
        ("swift_endAccess", "Swift exclusivity checks"), ("AccessSet", "Swift exclusivity checks")]
samples, cur = [], None
for line in open(path, errors="replace"):
    if not line.strip():
        if cur: samples.append(cur)
        cur = None
    elif not line.startswith("\t") and not line.startswith(" "):
        cur = []
    elif cur is not None:
        parts = line.split(None, 1)
        if len(parts) == 2:
            sym, _, dso = parts[1].rpartition(" (")
            cur.append((sym, dso.rstrip(")\n")))
if cur: samples.append(cur)
owner, leaf, cross = collections.Counter(), collections.Counter(), collections.Counter()
for st in samples:
    o = next((n for sym, _ in st for key, n in OWNERS if key in sym), "other / unresolved")
    kind = None
    if st and "kernel" in st[0][1]:
        kernel = [sym for sym, dso in st if "kernel" in dso]   # the kernel part of the stack
        kind = next((n for sym in kernel for key, n in LEAVES if key in sym), "kernel other")
    elif st:
        sym, dso = st[0]
        kind = next((n for key, n in USER if key in sym), None) or \
            "code in " + re.sub(r"\.so.*", "", dso.rsplit("/", 1)[-1])
    else:
        kind = "?"
    owner[o] += 1; leaf[kind] += 1; cross[(o, kind)] += 1
total = max(len(samples), 1)
print(f"### {name}: {len(samples)} samples at 4 kHz = {len(samples) / 4000:.3f} s CPU")
for title, counter, top in (("by owner (first known frame from the leaf)", owner, 14),
                            ("by kind of work (leaf)", leaf, 14), ("owner x kind", cross, 16)):
    print(f"\n{title}:")
    for k, n in counter.most_common(top):
        label = " / ".join(k) if isinstance(k, tuple) else k
        print(f"  {100 * n / total:5.1f}%  {label}")
print()
PY
}

echo "input: $input ($(( $(stat -c %s "$input") / 1048576 )) MiB); cues input: $big ($(( $(stat -c %s "$big") / 1048576 )) MiB)"
profile "pkgctl vod (ts, strip)" "$pkgctl" vod "$input" -o "$work/o/p"
profile "pkgctl vod (ts, overlay)" "$pkgctl" vod "$input" -o "$work/o/p" --placement overlay
profile "ffmpeg -c copy -f hls (ts)" ffmpeg -v error -nostdin -i "$input" -map 0:v -map 0:a -c copy -f hls \
  -hls_time 6 -hls_playlist_type vod "$work/o/index.m3u8"
profile "pkgctl vod (fmp4, strip)" "$pkgctl" vod "$input" -o "$work/o/p" --segment-format fmp4
profile "ffmpeg -f hls -hls_segment_type fmp4" ffmpeg -v error -nostdin -i "$input" -map 0:v -map 0:a -c copy -f hls \
  -hls_time 6 -hls_segment_type fmp4 -bsf:a aac_adtstoasc -hls_playlist_type vod "$work/o/index.m3u8"
profile "pkgctl cues" "$pkgctl" cues "$big" --format json
profile "ffmpeg -map 0 -c copy -f null" ffmpeg -v error -nostdin -i "$big" -map 0 -c copy -f null -
if [ -n "${PROFILE_EXTRA:-}" ]; then
  # PROFILE_EXTRA="name|command args…" adds one more job (e.g. the engine bench).
  profile "${PROFILE_EXTRA%%|*}" ${PROFILE_EXTRA#*|}
fi
