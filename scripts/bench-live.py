#!/usr/bin/env python3
"""pkgctl live benchmarks (a script, not a test), every channel's output on the real disk
(bench-out/live-scratch, not /dev/shm):
  cpu       CPU per hour of 4 Mbps input next to FFmpeg's HLS muxer (alternated, medians of 5),
            and segment → playlist latency (from the arrival of the packet that closed the
            segment to its playlist's replacement), with published files fsynced (--durability
            power, the default) and without (process, as FFmpeg's muxer writes), and the same for
            two renditions and for fMP4 segments (fsynced; pkgctl alone); then paced at real
            time, pkgctl and FFmpeg side by side in each of 5 rounds (medians): a channel's fixed
            cost per wake-up weighs 30 times more there; and at real time over UDP from
            `ffmpeg -re`, as a sidecar receives its input; and at 30x with the output PUT to an
            HTTP origin that takes 50 ms per request; then the kernel floor of a durable channel
            (scripts/bench/live-floor.c) next to pkgctl, at 30x and at 1x from the file and over UDP
  floor     only the kernel floor rows (cpu runs them too)
  rss       anonymous memory over N hours of accelerated input (default 2, --hours 24)
  channels  how many real-time channels two cores sustain without a missed 1.5-target-duration
            deadline, as one process per channel and as one `pkgctl live --channels DIR`
            process, with the anonymous memory per channel

Usage: scripts/bench-live.py PKGCTL [--counts 100,200,400] [--quick] [--hours H] [--only cpu,floor,rss,channels]"""
import functools
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

OUT = "bench-out"
INPUT = os.path.join(OUT, "live-4mbps.ts")
SCRATCH = os.path.join(OUT, "live-scratch")
TARGET = 6.0


def make_input():
    if os.path.exists(INPUT):
        return
    os.makedirs(OUT, exist_ok=True)
    print("making a 120 s 720p30 4 Mbps TS (once)...", flush=True)
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30",
                    "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000", "-t", "120",
                    "-c:v", "libx264", "-preset", "veryfast", "-b:v", "3800k", "-maxrate", "4000k", "-bufsize", "8000k",
                    "-g", "60", "-keyint_min", "60", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "128k",
                    "-f", "mpegts", INPUT], check=True)


def two_renditions():
    """`pkgctl vod`'s two-rendition bench input (5 min: the 720p at 3 Mb/s and a 640x360 at
    1 Mb/s from the same pictures, one AAC track, five SCTE-35 breaks), made once."""
    return subprocess.run([sys.executable, "scripts/make-bench-input.py", OUT, "--renditions", "2"],
                          capture_output=True, text=True, check=True).stdout.strip()


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    return path


# The live window of pkgctl's channels in these rows (FFmpeg's: `ffmpeg_hls`, 10 segments).
LIVE_WINDOW = ["--window", "10", "--keep-extra", "0"]


def live_cmd(pkgctl, out, speed, extra=(), source=INPUT):
    return [pkgctl, "live", "-i", source, "-o", out, "--realtime", "--speed", str(speed), "--loop", *LIVE_WINDOW, *extra]


def ffmpeg_hls(source, out, two=False):
    """FFmpeg's hls muxer on `source` (input options and `-i`), video and audio copied into 6 s
    segments, a 10-segment window: what each pkgctl live row is set against. `two`: the two
    video renditions as two variants with the audio muxed into each, as pkgctl writes them."""
    if two:
        maps = ["-map", "0:v:0", "-map", "0:a:0", "-map", "0:v:1", "-map", "0:a:0"]
        variants = ["-var_stream_map", "v:0,a:0 v:1,a:1", "-master_pl_name", "master.m3u8"]
        playlist = os.path.join(out, "%v", "index.m3u8")
    else:
        maps, variants, playlist = ["-map", "0:v", "-map", "0:a"], [], os.path.join(out, "index.m3u8")
    return ["ffmpeg", "-v", "error", "-nostdin", *source, *maps, "-c", "copy", "-f", "hls", "-hls_time", "6",
            "-hls_list_size", "10", "-hls_flags", "delete_segments", *variants, playlist]


def paced_input(speed, source=INPUT):
    """A bench input looped and read at `speed` × real time, as FFmpeg takes it."""
    return ["-readrate", str(speed), "-stream_loop", "-1", "-i", source]


def read_log(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.startswith("{")]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu(pid):
    """{thread id: nanoseconds on a CPU} from each thread's schedstat: exact, where the process's
    utime + stime come in 10 ms ticks (a real-time channel spends about 60 ms in 40 s)."""
    times = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                times[tid] = int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return times


def cpu_between(pids, wait):
    """Reads each process's CPU before and after `wait()`; returns, per process, the CPU seconds
    spent and whether they are exact: the threads' own clocks when no thread ended in between
    (one that started counts whole), else the process's ticks (an ended thread took its clock
    with it). pkgctl's one idle dispatch worker ends about 5 s after start: runs settle 6 s first."""
    before = [(cpu_seconds(pid), thread_cpu(pid)) for pid in pids]
    wait()
    spent = []
    for pid, (ticks0, threads0) in zip(pids, before):
        ticks1, threads1 = cpu_seconds(pid), thread_cpu(pid)
        if threads0.keys() <= threads1.keys():
            spent.append((sum(ns - threads0.get(tid, 0) for tid, ns in threads1.items()) / 1e9, True))
        else:
            spent.append((ticks1 - ticks0, False))
    return spent


def run_together(runs, seconds, settle=6.0):
    """Runs each (cmd, log path, started) of `runs` side by side, started in the order given
    (`started`, if not None, is called right after its command starts), for `seconds` of wall
    time, then SIGTERM. Returns, per run, the CPU seconds and wall seconds of the steady state,
    from `settle` seconds in (opening and probing the input is a one-off cost per channel, not a
    cost per hour), and when that state began. The page cache is written back first: the
    previous run's output (FFmpeg's muxer never fsyncs; at 30× it leaves 15 MB of segments to
    the kernel per second it runs) would otherwise be flushing under this run's fsyncs."""
    os.sync()
    procs, logs = [], []
    try:
        for cmd, log_path, started in runs:
            logs.append(open(log_path, "w"))
            procs.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=logs[-1]))
            if started:
                started()
        time.sleep(settle)
        begin = time.time()
        spent = cpu_between([proc.pid for proc in procs], lambda: time.sleep(seconds - settle))
        end = time.time()
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait()
        for log in logs:
            log.close()
    results = []
    for (cmd, _, _), (cpu, exact) in zip(runs, spent):
        if not exact:
            print(f"NOTE: {os.path.basename(cmd[0])}'s threads changed during the run: its CPU is counted in 10 ms ticks",
                  flush=True)
        results.append((cpu, end - begin, begin))
    return results


def run_for(cmd, seconds, log_path, settle=6.0):
    """One command alone, as `run_together` runs several."""
    return run_together([(cmd, log_path, None)], seconds, settle)[0]


def core_goal(percent, goal=0.1):
    """The issue's goal (0.1 % of a core per 4 Mbps rendition), as every live CPU row states it."""
    return f"(goal: <= {goal:.3g} % of a core: {'met' if percent <= goal else 'NOT met'})"


def megabits(path):
    """The bitrate of a bench input in Mb/s: its size over its duration."""
    seconds = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                                   capture_output=True, text=True, check=True).stdout)
    return os.path.getsize(path) * 8 / seconds / 1e6


def side_by_side(ours, theirs, wall, rounds, after_round=None):
    """`rounds` rounds of two runs side by side in the same wall-clock window, so that the
    host's drift within a day falls on both (pkgctl's started first in even rounds, FFmpeg's in
    odd). `ours` and `theirs` give a fresh (cmd, log path, started) run for each round;
    `after_round(r)` is called after each, however it ended. Returns the per-round (CPU seconds,
    steady wall seconds) pairs of each."""
    a, b = [], []
    for r in range(rounds):
        try:
            if r % 2 == 0:
                (ca, wa, _), (cb, wb, _) = run_together([ours(), theirs()], wall)
            else:
                (cb, wb, _), (ca, wa, _) = run_together([theirs(), ours()], wall)
        finally:
            if after_round:
                after_round(r)
        a.append((ca, wa))
        b.append((cb, wb))
    return a, b


def print_real_time(ours, theirs, over="", feed="", note=""):
    """One real-time CPU row from `side_by_side`'s rounds: medians of each one's % of a core."""
    a = statistics.median(cpu / wall * 100 for cpu, wall in ours)
    b = statistics.median(cpu / wall * 100 for cpu, wall in theirs)
    steady = statistics.median(wall for _, wall in ours)
    print(f"live CPU at real time{over} (1x{feed}, {steady:.0f} s steady, medians of {len(ours)} rounds side by side): "
          f"pkgctl {a:.3f} % of a core{note}, ffmpeg hls muxer {b:.3f} %; ratio {a / b:.2f}  {core_goal(a)}", flush=True)


def segments(lines):
    return [l for l in lines if l.get("event") == "segment"]


def alternated_per_hour(ours, theirs, speed, wall, rounds, after_ours=None, after_theirs=None):
    """`rounds` rounds of a pkgctl run and an FFmpeg run, each alone, pkgctl first in even
    rounds: each one's CPU seconds per hour of media at `speed` × real time. `ours(r)` and
    `theirs(r)` give round r's (cmd, log path); `after_ours(log path)` reads a pkgctl run's log,
    `after_theirs` the other's."""
    a, b = [], []
    for r in range(rounds):
        for mine in ((True, False) if r % 2 == 0 else (False, True)):
            cmd, log_path = (ours if mine else theirs)(r)
            cpu, steady, _ = run_for(cmd, wall, log_path)
            (a if mine else b).append(cpu / (steady * speed) * 3600)
            after = after_ours if mine else after_theirs
            if after:
                after(log_path)
    return a, b


def cpu_per_hour(pkgctl, speed, wall, rounds=5, durability="power", two=None):
    """Alternated rounds of pkgctl live (published files fsynced, `--durability power`, the
    default; or left to the kernel's write-back, `process`, as FFmpeg's muxer does) and ffmpeg's
    hls muxer on the same looped input, each paced at `speed` × real time; CPU per hour of media,
    medians. `two`: the path of a two-rendition input (`two_renditions`) to run instead, FFmpeg
    writing the same two variants."""
    latencies = []
    ff_out = os.path.join(SCRATCH, "ffmpeg")
    source = two or INPUT
    ff = ffmpeg_hls(paced_input(speed, source), ff_out, bool(two))
    name = "live-2r" if two else "live"

    def ours(_):
        cmd = live_cmd(pkgctl, fresh(os.path.join(SCRATCH, "cpu")), speed, ("--durability", durability), source)
        return cmd, os.path.join(OUT, f"bench-{name}-cpu.log")

    def theirs(_):
        fresh(ff_out)
        return ff, os.path.join(OUT, f"bench-{name}-ffmpeg.log")

    def note_latencies(log_path):
        latencies.extend(s["latency_ms"] for s in segments(read_log(log_path)))

    ours_cpu, theirs_cpu = alternated_per_hour(ours, theirs, speed, wall, rounds, note_latencies)
    a, b = statistics.median(ours_cpu), statistics.median(theirs_cpu)
    rate = megabits(source) if two else 4
    what = f"{rate:.1f} Mbps input, two renditions" if two else "4 Mbps input"
    # The goal is per 4 Mbps rendition: for the two renditions (3 and 1 Mb/s video, one audio
    # track muxed into each), the input's own bitrate scales it.
    goal = 0.1 * rate / 4
    print(f"live CPU per hour of {what} (--durability {durability}; steady state, medians of {rounds}, alternated, "
          f"paced at {speed}x): pkgctl {a:.1f} s "
          f"({a / 36:.3f} % of a core), ffmpeg hls muxer {b:.1f} s ({b / 36:.3f} %); ratio {a / b:.2f}  "
          f"{core_goal(a / 36, goal)}")
    print_latency(latencies, f"--durability {durability}{', two renditions' if two else ''}")


def p50_p99(values):
    """The median and the 99th percentile of `values` (nan for none)."""
    lat = sorted(values)
    if not lat:
        return float("nan"), float("nan")
    return lat[len(lat) // 2], lat[min(len(lat) - 1, int(len(lat) * 0.99))]


def print_latency(latencies, what):
    if latencies:
        p50, p99 = p50_p99(latencies)
        print(f"segment → playlist replaced latency ({what}) over "
              f"{len(latencies)} segments: p50 {p50:.1f} ms, p99 {p99:.1f} ms "
              f"(goal: p99 <= 5 ms: {'met' if p99 <= 5 else 'NOT met'})")


def fmp4_per_hour(pkgctl, speed, wall, rounds=5):
    """pkgctl live writing fMP4 (1 s fragments, its default), `rounds` runs alone at `speed` ×
    real time: CPU per hour of media and the latency. No FFmpeg row: FFmpeg 5.1 needs
    aac_adtstoasc to write this input's AAC into fMP4, and with -stream_loop that filter refuses
    every audio packet after the first loop ("A non-NULL packet sent after an EOF"), so its
    looped run would not be the same work."""
    latencies, cpu = [], []
    for _ in range(rounds):
        log_path = os.path.join(OUT, "bench-live-fmp4-cpu.log")
        cmd = live_cmd(pkgctl, fresh(os.path.join(SCRATCH, "cpu")), speed, ("--segment-format", "fmp4"))
        spent, steady, _ = run_for(cmd, wall, log_path)
        cpu.append(spent / (steady * speed) * 3600)
        latencies.extend(s["latency_ms"] for s in segments(read_log(log_path)))
    a = statistics.median(cpu)
    print(f"live CPU per hour of 4 Mbps input, fMP4 (--durability power; steady state, medians of {rounds}, paced at "
          f"{speed}x): pkgctl {a:.1f} s ({a / 36:.3f} % of a core)  {core_goal(a / 36)}")
    print_latency(latencies, "--durability power, fMP4")


class SlowOrigin(BaseHTTPRequestHandler):
    """An origin across a network, as far as time goes: every PUT and DELETE is answered after
    `delay` seconds, and nothing is stored. Reads both a sized and a chunked body (FFmpeg's PUT)."""
    protocol_version = "HTTP/1.1"
    delay = 0.05

    def answer(self, status):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                self.rfile.read(size + 2)
                if size == 0:
                    break
        else:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
        time.sleep(self.delay)
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_PUT(self):
        self.answer(201)

    def do_DELETE(self):
        self.answer(204)

    def log_message(self, *args):
        pass


def cpu_to_origin(pkgctl, speed, wall, rounds=5, delay=0.05):
    """Alternated rounds of pkgctl live and FFmpeg's hls muxer (`-method PUT`), each paced at
    `speed` × real time, publishing to an origin (`SlowOrigin`) that takes `delay` s per request:
    CPU per hour of media, medians. What waiting on an origin costs: pkgctl waits for every answer
    in poll(2) (URLSession, before, kept a core busy meanwhile); FFmpeg does not wait for them."""
    SlowOrigin.delay = delay
    server = ThreadingHTTPServer(("127.0.0.1", 0), SlowOrigin)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def ours(r):
        return ([pkgctl, "live", "-i", INPUT, "-o", f"{base}/pkgctl{r}/", "--state-dir",
                 fresh(os.path.join(SCRATCH, "origin-state")), "--realtime", "--speed", str(speed), "--loop", *LIVE_WINDOW],
                os.path.join(OUT, "bench-live-origin.log"))

    def theirs(r):
        return (["ffmpeg", "-v", "error", "-nostdin", *paced_input(speed), "-map", "0:v", "-map", "0:a", "-c", "copy",
                 "-f", "hls", "-hls_time", "6", "-hls_list_size", "10", "-hls_flags", "delete_segments",
                 "-method", "PUT", f"{base}/ffmpeg{r}/index.m3u8"],
                os.path.join(OUT, "bench-live-origin-ffmpeg.log"))

    try:
        ours_cpu, theirs_cpu = alternated_per_hour(ours, theirs, speed, wall, rounds)
    finally:
        server.shutdown()
    a, b = statistics.median(ours_cpu), statistics.median(theirs_cpu)
    print(f"live CPU per hour of 4 Mbps input PUT to an origin taking {delay * 1000:.0f} ms per request (medians of {rounds}, "
          f"alternated, paced at {speed}x): pkgctl {a:.1f} s ({a / 36:.3f} % of a core), ffmpeg hls muxer -method PUT "
          f"{b:.1f} s ({b / 36:.3f} %; it does not wait for the answers); ratio {a / b:.2f}  {core_goal(a / 36)}", flush=True)


def cpu_at_real_time(pkgctl, wall, rounds=5):
    """pkgctl live and ffmpeg's hls muxer each paced at 1x for `wall` seconds, side by side
    (the first 6 s not counted): what a channel costs as a sidecar really runs, where 30x
    pacing spreads each wake-up's cost over 30 times the media."""
    def ours():
        return live_cmd(pkgctl, fresh(os.path.join(SCRATCH, "cpu-1x")), 1), os.path.join(OUT, "bench-live-cpu-1x.log"), None

    def theirs():
        return (ffmpeg_hls(paced_input(1), fresh(os.path.join(SCRATCH, "ffmpeg-1x"))),
                os.path.join(OUT, "bench-live-ffmpeg-1x.log"), None)

    print_real_time(*side_by_side(ours, theirs, wall, rounds))


def udp_sender(to):
    """`ffmpeg -re` sending the looped input as TS over UDP to 127.0.0.1:`to` (1316-byte datagrams)."""
    return subprocess.Popen(["ffmpeg", "-v", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", INPUT,
                             "-map", "0", "-c", "copy", "-f", "mpegts", f"udp://127.0.0.1:{to}?pkt_size=1316"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop_all(processes):
    for process in processes:
        process.terminate()
        process.wait()
    processes.clear()


def udp_live_cmd(pkgctl, port, out):
    """pkgctl live receiving UDP on 127.0.0.1:`port`, as the real-time UDP rows run it."""
    return [pkgctl, "live", "-i", f"udp://127.0.0.1:{port}", "-o", out, *LIVE_WINDOW]


def cpu_at_real_time_udp(pkgctl, wall, rounds=5, port=5870):
    """The same at 1x with the input as a sidecar receives it: UDP from `ffmpeg -re … -f mpegts
    udp://` on 127.0.0.1, received by pkgctl live and, on its own port and from its own sender,
    by ffmpeg's hls muxer (side by side, the first 6 s not counted, only the receivers' CPU). A
    file paced by `--realtime` is handed over in 0.2 s blocks with no receiving thread; this row
    is what the datagrams, the reader thread and its wake-ups add."""
    feeders, published = [], []
    log_path = os.path.join(OUT, "bench-live-udp-1x.log")

    def sender(to):
        feeders.append(udp_sender(to))

    def ours():
        return udp_live_cmd(pkgctl, port, fresh(os.path.join(SCRATCH, "udp-1x"))), log_path, lambda: sender(port)

    def theirs():
        source = ["-i", f"udp://127.0.0.1:{port + 1}?fifo_size=1000000&overrun_nonfatal=1"]
        return (ffmpeg_hls(source, fresh(os.path.join(SCRATCH, "ffmpeg-udp-1x"))),
                os.path.join(OUT, "bench-live-ffmpeg-udp-1x.log"), lambda: sender(port + 1))

    def after_round(_):
        stop_all(feeders)
        published.append(len(segments(read_log(log_path))))

    ours_rounds, theirs_rounds = side_by_side(ours, theirs, wall, rounds, after_round)
    print_real_time(ours_rounds, theirs_rounds, over=" over UDP", feed=", fed by ffmpeg -re",
                    note=f" ({min(published)}-{max(published)} segments a round)")


def floor_binary():
    """scripts/bench/live-floor.c built into bench-out (None, with a note, without a C compiler)."""
    compiler = shutil.which("cc") or shutil.which("clang")
    out = os.path.join(OUT, "live-floor")
    if not compiler:
        print("NOTE: no C compiler (cc or clang): the kernel floor rows are left out", flush=True)
        return None
    subprocess.run([compiler, "-O2", "-o", out, "scripts/bench/live-floor.c"], check=True)
    return out


@functools.cache
def input_rate():
    """The live bench input's bytes per second: its size over its duration (one ffprobe a run)."""
    return megabits(INPUT) * 1e6 / 8


def floor_cmd(floor, source, out, durability):
    rate = input_rate()
    return [floor, source, out, str(int(rate * TARGET)), f"{rate:.0f}", durability]


def print_floor(what, ours, theirs):
    """One floor row: pkgctl's and the floor's medians in % of a core, and what the goal of
    0.1 % leaves for the packaging above that floor."""
    a, b = statistics.median(ours), statistics.median(theirs)
    left = 0.1 - b
    room = (f"the goal of 0.1 % leaves {left:.3f} % above this floor" if left > 0
            else "the floor alone is above the goal of 0.1 %")
    print(f"kernel floor of a durable live channel ({what}; scripts/bench/live-floor.c: the same input bytes, "
          f"writes, syncs, renames and unlinks, no packaging; medians of {len(ours)}): floor {b:.3f} % of a core, "
          f"pkgctl {a:.3f} %; pkgctl above the floor {a - b:.3f} %; {room}", flush=True)


def floor_per_hour(pkgctl, floor, speed, wall, rounds=3):
    """pkgctl live and the kernel floor (`live-floor`) alternated, each alone, paced at `speed`
    x real time from the looped input file, fsynced (`power`) and not (`process`)."""
    for durability in ("power", "process"):
        latencies = {"pkgctl": [], "floor": []}

        def ours(_):
            return (live_cmd(pkgctl, fresh(os.path.join(SCRATCH, "cpu")), speed, ("--durability", durability)),
                    os.path.join(OUT, "bench-live-cpu.log"))

        def theirs(_):
            return (floor_cmd(floor, f"file:{INPUT}:{speed}", fresh(os.path.join(SCRATCH, "floor")), durability),
                    os.path.join(OUT, "bench-live-floor.log"))

        def note_latencies(log_path, who):
            latencies[who].extend(s["latency_ms"] for s in segments(read_log(log_path)))

        a, b = alternated_per_hour(ours, theirs, speed, wall, rounds, lambda log: note_latencies(log, "pkgctl"),
                                   lambda log: note_latencies(log, "floor"))
        print_floor(f"paced file at {speed}x, --durability {durability}", [x / 36 for x in a], [x / 36 for x in b])
        if durability == "power":
            print_floor_latency(latencies["pkgctl"], latencies["floor"])


def print_floor_latency(ours, theirs):
    """p50 and p99 of the floor's segment → playlist latency next to pkgctl's, same rounds."""
    (f50, f99), (o50, o99) = p50_p99(theirs), p50_p99(ours)
    print(f"kernel floor of the segment → playlist latency (--durability power, paced at 30x, {len(theirs)} segments): "
          f"floor p50 {f50:.1f} ms, p99 {f99:.1f} ms; pkgctl p50 {o50:.1f} ms, "
          f"p99 {o99:.1f} ms over {len(ours)} segments (goal: p99 <= 5 ms)", flush=True)


def floor_at_real_time(pkgctl, floor, wall, udp, rounds=3, port=5880):
    """pkgctl live and the kernel floor side by side at 1x: from the looped file paced in 0.2 s
    blocks, or (`udp`) each fed UDP by its own `ffmpeg -re` as in `cpu_at_real_time_udp`. What
    a real-time channel's wake-ups, and the datagrams, cost before any packaging."""
    feeders = []

    def sender(to):
        feeders.append(udp_sender(to))

    def ours():
        out = fresh(os.path.join(SCRATCH, "cpu-1x"))
        if udp:
            return udp_live_cmd(pkgctl, port, out), os.path.join(OUT, "bench-live-udp-1x.log"), lambda: sender(port)
        return live_cmd(pkgctl, out, 1), os.path.join(OUT, "bench-live-cpu-1x.log"), None

    def theirs():
        source = f"udp:{port + 1}" if udp else f"file:{INPUT}:1"
        return (floor_cmd(floor, source, fresh(os.path.join(SCRATCH, "floor-1x")), "power"),
                os.path.join(OUT, "bench-live-floor.log"), (lambda: sender(port + 1)) if udp else None)

    def after_round(_):
        stop_all(feeders)

    a, b = side_by_side(ours, theirs, wall, rounds, after_round)
    what = "1x over UDP from ffmpeg -re" if udp else "paced file at 1x"
    print_floor(f"{what}, --durability power, side by side",
                [cpu / w * 100 for cpu, w in a], [cpu / w * 100 for cpu, w in b])


def memory(pid):
    """(RSS, anonymous) in KiB. RSS counts the FFmpeg/Swift library pages, file-backed and shared
    by every pkgctl on a host; the anonymous part is what each process really adds."""
    values = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2 and parts[0] in ("Rss:", "Anonymous:"):
                    values[parts[0]] = int(parts[1])
    except OSError:
        return None
    return (values["Rss:"], values.get("Anonymous:", 0)) if "Rss:" in values else None


def rss_growth(pkgctl, hours, speed=1000):
    """One channel fed `hours` of looped input as fast as it goes (capped at `speed` × real
    time); anonymous memory after 5 minutes of media and then every hour."""
    out = fresh(os.path.join(SCRATCH, "rss"))
    log_path = os.path.join(OUT, "bench-live-rss.log")
    goal = hours * 3600
    marks = [300] + [h * 3600 for h in range(1, int(hours) + 1)]
    seen = {}
    peak = 0
    start = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(live_cmd(pkgctl, out, speed), stdout=subprocess.DEVNULL, stderr=log)
        media, partial = 0.0, ""
        with open(log_path) as reader:
            while media < goal and proc.poll() is None:
                time.sleep(0.5)
                lines = (partial + reader.read()).split("\n")
                partial = lines.pop()
                for line in lines:
                    if '"event":"segment"' in line:
                        media += json.loads(line)["duration"]
                sample = memory(proc.pid)
                if sample:
                    peak = max(peak, sample[1])
                    for mark in marks:
                        if mark not in seen and media >= mark:
                            seen[mark] = sample
        proc.send_signal(signal.SIGTERM)
        proc.wait()
    took = time.monotonic() - start
    row = ", ".join(f"{'5 min' if m == 300 else str(m // 3600) + ' h'} {seen[m][1] / 1024:.1f}" for m in marks if m in seen)
    if 300 in seen and max(seen) > 300:
        last = seen[max(seen)]
        print(f"live memory over {media / 3600:.1f} h of accelerated input ({took:.0f} s wall): anonymous MiB at {row}; "
              f"peak {peak / 1024:.1f}; growth 5 min → end {last[1] / seen[300][1]:.2f}x (RSS {last[0] / 1024:.1f} MiB, "
              f"library pages included)  (goal: flat, <= 10 MB per channel)")
    else:
        print(f"live memory marks not reached (media {media:.0f} s): {seen}")


def seconds(stamp):
    return time.mktime(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S")) + float("0" + stamp[19:23])


def gaps(stamps, after):
    """Seconds between consecutive segment log lines of one channel once every channel runs
    (`after`: the last channel's first segment; before it, start-ups compete for the cores),
    without the final partial segment."""
    times = [seconds(s) for s in stamps][:-1]
    return [b - a for a, b in zip(times, times[1:]) if a >= after]


def channel_run(pkgctl, n, wall, one_process):
    """n real-time channels on the same input (processes started over n × 20 ms, as a host's
    channels do not all start in one instant); gaps count once every channel has published.
    Returns (worst gap, misses, channels that published, anonymous KiB per channel)."""
    outs = [fresh(os.path.join(SCRATCH, f"ch{i}")) for i in range(n)]
    procs = []
    anon = 0
    if one_process:
        conf = fresh(os.path.join(SCRATCH, "channels"))
        for i, out in enumerate(outs):
            with open(os.path.join(conf, f"ch{i:04d}.json"), "w") as f:
                json.dump({"live": {"input": INPUT, "output": out, "window_segments": 10, "keep_extra": 0}}, f)
        log_path = os.path.join(SCRATCH, "channels.log")
        procs.append(subprocess.Popen([pkgctl, "live", "--channels", conf, "--realtime", "--speed", "1", "--loop"],
                                      stdout=subprocess.DEVNULL, stderr=open(log_path, "w")))
        logs = [log_path]
        time.sleep(wall)
    else:
        logs = [os.path.join(SCRATCH, f"ch{i}.log") for i in range(n)]
        for i in range(n):
            procs.append(subprocess.Popen(live_cmd(pkgctl, outs[i], 1, ["--channel", f"ch{i}"]),
                                          stdout=subprocess.DEVNULL, stderr=open(logs[i], "w")))
            time.sleep(0.02)
        time.sleep(max(0, wall - n * 0.02))
    for p in procs:
        sample = memory(p.pid)
        anon += sample[1] if sample else 0
    for p in procs:
        p.send_signal(signal.SIGTERM)
    for p in procs:
        p.wait()
    by_channel = {}
    for log_path in logs:
        for line in read_log(log_path):
            if line.get("event") == "segment":
                by_channel.setdefault(line.get("channel", log_path), []).append(line["ts"])
    started = max((seconds(stamps[0]) for stamps in by_channel.values()), default=0.0)
    all_gaps = [g for stamps in by_channel.values() for g in gaps(stamps, started)]
    misses = sum(1 for g in all_gaps if g > 1.5 * TARGET)
    return max(all_gaps, default=0.0), misses, len(by_channel), anon / n


def channels(pkgctl, counts, wall):
    for one_process in (False, True):
        mode = "one pkgctl live --channels process" if one_process else "one process per channel"
        for n in counts:
            worst, missed, published, anon = channel_run(pkgctl, n, wall, one_process)
            print(f"{n} real-time channels, {mode}, {wall} s, outputs on the real disk: {published} published, "
                  f"worst gap between segments {worst:.2f} s, deadline misses {missed} (deadline {1.5 * TARGET:.0f} s), "
                  f"anonymous memory {anon / 1024:.1f} MiB per channel", flush=True)
            if missed or published < n:
                break


def main():
    args = sys.argv[1:]
    pkgctl = args[0] if args and not args[0].startswith("--") else ".build/release/pkgctl"

    def value(flag, default):
        return args[args.index(flag) + 1] if flag in args else default

    quick = "--quick" in args
    counts = [int(x) for x in value("--counts", "100,200,400").split(",")]
    only = value("--only", "cpu,rss,channels")
    make_input()
    os.makedirs(SCRATCH, exist_ok=True)
    print(f"{os.cpu_count()} cores; scratch {SCRATCH} on {subprocess.run(['df', '--output=source', SCRATCH], capture_output=True, text=True).stdout.split()[-1]}")
    if "cpu" in only:
        for durability in ("power", "process"):
            cpu_per_hour(pkgctl, speed=30, wall=12 if quick else 24, durability=durability)
        cpu_per_hour(pkgctl, speed=30, wall=12 if quick else 24, two=two_renditions())
        fmp4_per_hour(pkgctl, speed=30, wall=12 if quick else 24)
        cpu_to_origin(pkgctl, speed=30, wall=12 if quick else 24)
        cpu_at_real_time(pkgctl, wall=46 if quick else 126)
        cpu_at_real_time_udp(pkgctl, wall=46 if quick else 126)
    if "cpu" in only or "floor" in only:
        floor = floor_binary()
        if floor:
            floor_per_hour(pkgctl, floor, speed=30, wall=12 if quick else 24)
            for udp in (False, True):
                floor_at_real_time(pkgctl, floor, wall=46 if quick else 126, udp=udp)
    if "rss" in only:
        rss_growth(pkgctl, hours=float(value("--hours", "2")))
    if "channels" in only:
        channels(pkgctl, counts, wall=60 if quick else 120)
    shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    main()
