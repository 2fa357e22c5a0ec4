#!/usr/bin/env python3
"""run_oracle.py (../shared/hlsjs) with byte-range requests served: its loopback server is
Python's SimpleHTTPRequestHandler, which answers `Range: bytes=a-b` with the whole file (200),
so a single-file (EXT-X-BYTERANGE) presentation would hand hls.js the whole file for every
segment. This wraps that handler class with a 206 reply for one range (RFC 9110 §14) before
the runner builds its server from it; every other behaviour and option is the runner's.

Usage: scripts/interop/range_oracle.py [--oracle PATH/run_oracle.py] ARGS… (as run_oracle.py)"""
import http.server
import os
import re
import runpy
import sys

Base = http.server.SimpleHTTPRequestHandler
RANGE = re.compile(r"bytes=(\d*)-(\d*)$")


class RangeHandler(Base):
    def send_head(self):
        match = RANGE.match(self.headers.get("Range", "").strip())
        path = self.translate_path(self.path)
        if not match or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        first, last = match.group(1), match.group(2)
        if first == "":                      # suffix range: the last N bytes
            start, end = max(0, size - int(last or 0)), size - 1
        else:
            start, end = int(first), min(int(last), size - 1) if last else size - 1
        if start >= size or start > end:
            self.send_error(416, "range not satisfiable")
            return None
        f = open(path, "rb")
        f.seek(start)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self._left = end - start + 1
        return f

    def copyfile(self, source, outputfile):
        left = getattr(self, "_left", None)
        if left is None:
            return super().copyfile(source, outputfile)
        while left > 0:
            chunk = source.read(min(left, 1 << 16))
            if not chunk:
                break
            outputfile.write(chunk)
            left -= len(chunk)
        self._left = None


def main():
    args = sys.argv[1:]
    oracle = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "hlsjs", "run_oracle.py")
    if args[:1] == ["--oracle"]:
        oracle, args = args[1], args[2:]
    http.server.SimpleHTTPRequestHandler = RangeHandler
    sys.argv = [oracle] + args
    runpy.run_path(oracle, run_name="__main__")


if __name__ == "__main__":
    main()
