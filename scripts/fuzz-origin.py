#!/usr/bin/env python3
"""pkgctl publishing to a hostile HTTP origin: crashes, hangs and wrong exit statuses.

An origin on 127.0.0.1 (a thread of this script, seeded per round) answers each request with
one behaviour drawn from: 200/201/204; 500; 503 with a Retry-After of 0-2 s, of garbage or of
10^20; a redirect to a good or a bad Location; 401, 404, 413; a reset connection; half a status
line; an answer 0-3 s late; a 4 MB body; status 999; broken chunked encoding. Each round runs
the release binary against it: `pkgctl vod` of the sample (TS, fMP4 or single file), or
`pkgctl live` from the sample file.

A finding is what fuzzlib.finding says (a signal, an exit status above 3, a Swift 'Fatal
error') or a run past its limit: 300 s for vod, 40 s for live (a stop may spend 25 s on uploads, LiveChannel.shutdownFlushSeconds); its command and
stderr are kept under OUTDIR. Every round prints one line: mode, exit status, seconds, the last
stderr line.

Usage: scripts/fuzz-origin.py [--rounds N] [--seed N] [--out OUTDIR]
(from the repository root, after `make build`; default 10 rounds, .build/fuzz-origin).
"""
import argparse
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from fuzzlib import finding

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKGCTL = os.path.join(ROOT, ".build/release/pkgctl")
SAMPLE = os.path.join(ROOT, "samples/live_scte35.ts")
LIMITS = {"vod": 300, "live": 40}
BEHAVIOURS = ["ok200", "ok201", "ok204", "ok201", "ok204", "e500", "e503_retry_after", "e503_garbage",
              "e503_huge", "redirect", "redirect_bad", "e401", "e404", "e413", "reset", "half_status",
              "late", "huge_body", "status_999", "bad_chunked"]


def origin(seed):
    """A started hostile origin (server, port); one random stream per round, shared by its threads."""
    rng = random.Random(seed)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self):
            try:
                left = int(self.headers.get("Content-Length") or 0)
                while left > 0:
                    chunk = self.rfile.read(min(left, 1 << 16))
                    if not chunk:
                        break
                    left -= len(chunk)
            except (OSError, ValueError):
                return
            with lock:
                behaviour, draw = rng.choice(BEHAVIOURS), rng.random()
            w = self.wfile

            def reply(code, headers=b"", body=b""):
                w.write(b"HTTP/1.1 %d X\r\n" % code + headers + b"Content-Length: %d\r\n\r\n" % len(body) + body)

            try:
                if behaviour.startswith("ok"):
                    reply(int(behaviour[2:]))
                elif behaviour == "e500":
                    reply(500, body=b"internal error")
                elif behaviour == "e503_retry_after":
                    reply(503, b"Retry-After: %d\r\n" % int(draw * 3))
                elif behaviour == "e503_garbage":
                    reply(503, b"Retry-After: soon\xff\r\n")
                elif behaviour == "e503_huge":
                    reply(503, b"Retry-After: 99999999999999999999\r\n")
                elif behaviour == "redirect":
                    reply(307, b"Location: /elsewhere" + self.path.encode() + b"\r\n")
                elif behaviour == "redirect_bad":
                    reply(301, b"Location: ::::\x00\r\n")
                elif behaviour in ("e401", "e404", "e413"):
                    reply(int(behaviour[1:]))
                elif behaviour == "reset":
                    self.connection.shutdown(socket.SHUT_RDWR)
                elif behaviour == "half_status":
                    w.write(b"HTTP/1.1 20")
                    w.flush()
                    self.connection.shutdown(socket.SHUT_RDWR)
                elif behaviour == "late":
                    time.sleep(draw * 3)
                    reply(201)
                elif behaviour == "huge_body":
                    reply(201, body=b"x" * (4 << 20))
                elif behaviour == "status_999":
                    reply(999)
                elif behaviour == "bad_chunked":
                    w.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n")
                w.flush()
            except OSError:
                pass
            self.close_connection = behaviour in ("reset", "half_status", "bad_chunked") or draw < 0.2

        do_PUT = do_POST = do_DELETE = do_GET = do_HEAD = answer

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/fuzz-origin"))
    parser.add_argument("--pkgctl", default=PKGCTL)
    args = parser.parse_args()
    if not os.access(args.pkgctl, os.X_OK):
        sys.exit(f"fuzz-origin: {args.pkgctl} is missing; run `make build` first")
    os.makedirs(args.out, exist_ok=True)
    print(f"fuzz-origin: {args.rounds} rounds from seed {args.seed}, findings in {args.out}", flush=True)
    findings = 0
    for r in range(args.rounds):
        seed = args.seed + r
        rng = random.Random(seed)
        server, port = origin(seed)
        state = os.path.join(args.out, f"state-{seed}")
        shutil.rmtree(state, ignore_errors=True)
        os.makedirs(state)
        url = f"http://127.0.0.1:{port}/round{seed}"
        mode = rng.choice(["vod", "vod", "live"])
        if mode == "vod":
            command = [args.pkgctl, "vod", SAMPLE, "-o", url, "-q"] + rng.choice(
                [[], ["--segment-format", "fmp4"], ["--single-file"]])
        else:
            command = [args.pkgctl, "live", "-i", SAMPLE, "-o", url, "--state-dir", state, "--input-timeout", "5", "-q"]
        started = time.time()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _, err = process.communicate(timeout=LIMITS[mode])
            status = process.returncode
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGTERM)
            try:
                _, err = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                _, err = process.communicate()
            status = "timeout"
        seconds = time.time() - started
        server.shutdown()
        server.server_close()
        shutil.rmtree(state, ignore_errors=True)
        text = err.decode(errors="replace")
        found = finding(status, text)
        last = (text.strip().splitlines() or [""])[-1][:200]
        print(f"round {r} seed {seed} {mode}: exit {status} in {seconds:.1f} s{' FINDING' if found else ''}: {last}",
              flush=True)
        if found:
            findings += 1
            with open(os.path.join(args.out, f"finding-{seed}.txt"), "w") as f:
                f.write(" ".join(command) + f"\nexit {status} after {seconds:.1f} s\n\n" + text)
    print(f"fuzz-origin: {args.rounds} rounds, {findings} finding(s)", flush=True)
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
