"""A `pkgctl live` channel for one interop case: started in its own process group, every
version of its playlists and asset lists recorded with the wall time it appeared, stopped
with SIGINT (then SIGKILL) within a bounded time."""
import os
import shutil
import signal
import subprocess
import threading
import time

import children
import playlist as pl


class Recorder(threading.Thread):
    """Polls a live output directory and keeps each new version of the media playlist and of
    every assets/*/list.json, stamped with seconds since the channel started."""

    def __init__(self, root, t0, first_dir, poll=0.1):
        super().__init__(daemon=True)
        self.root = root
        self.first_dir = first_dir
        self.t0 = t0
        self.poll = poll
        self.versions = []      # (t, text) of primary/index.m3u8
        self.lists = {}         # asset id -> [(t, text)]
        self._halt = threading.Event()
        self._seen = {}

    def _read(self, path):
        try:
            with open(path, encoding="utf-8") as f:
                return f.read()
        except (OSError, UnicodeDecodeError):
            return None

    def _check(self, key, path, store):
        text = self._read(path)
        if text is not None and self._seen.get(key) != text:
            self._seen[key] = text
            store.append((round(time.monotonic() - self.t0, 2), text))
            return True
        return False

    def _keep_first_segment(self, text):
        """The channel's first segment (and init segment) leave the window later: keep a copy
        with the first playlist version, for the programme-start audio check."""
        first = pl.MediaPlaylist(text)
        if not first.segments or os.path.isdir(self.first_dir):
            return
        os.makedirs(self.first_dir)
        for uri in filter(None, [first.map_uri, first.segments[0].uri]):
            try:
                shutil.copy(os.path.join(self.root, "primary", uri), os.path.join(self.first_dir, uri))
            except OSError:
                pass
        with open(os.path.join(self.first_dir, "index.m3u8"), "w", encoding="utf-8") as f:
            f.write(text)

    def run(self):
        while not self._halt.is_set():
            if self._check("primary", os.path.join(self.root, "primary", "index.m3u8"), self.versions):
                if len(self.versions) == 1:
                    self._keep_first_segment(self.versions[0][1])
            assets = os.path.join(self.root, "assets")
            if os.path.isdir(assets):
                for aid in sorted(os.listdir(assets)):
                    p = os.path.join(assets, aid, "list.json")
                    if os.path.exists(p):
                        self._check("list:" + aid, p, self.lists.setdefault(aid, []))
            self._halt.wait(self.poll)

    def stop(self):
        self._halt.set()
        self.join(timeout=5)

    def latest(self):
        return pl.MediaPlaylist(self.versions[-1][1]) if self.versions else None


class LiveChannel:
    def __init__(self, pkgctl, source, out_dir, asset_base_url, extra_args=(), log_path=None):
        self.out_dir = out_dir
        self.cmd = [pkgctl, "live", "-i", source, "--realtime", "--speed", "1", "-o", out_dir,
                    "--asset-base-url", asset_base_url, "--endlist-on-exit"] + list(extra_args)
        self.log_path = log_path or os.path.join(os.path.dirname(out_dir), "pkgctl-live.log")
        self.proc = None
        self.recorder = None
        self.t0 = None

    def start(self):
        self._log = open(self.log_path, "wb")
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen(self.cmd, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        children.started(self.proc.pid)
        self.recorder = Recorder(self.out_dir, self.t0, os.path.join(os.path.dirname(self.out_dir), "first-segment"))
        self.recorder.start()
        return self

    def elapsed(self):
        return time.monotonic() - self.t0

    def exited(self):
        return self.proc.poll() is not None

    def wait_until(self, predicate, timeout, what):
        """Waits (bounded) until predicate(latest playlist) holds; raises with `what` if not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            latest = self.recorder.latest()
            if latest is not None and predicate(latest):
                return latest
            if self.exited() and not (latest is not None and predicate(latest)):
                raise RuntimeError(f"pkgctl live exited ({self.proc.returncode}) before {what}; see {self.log_path}")
            time.sleep(0.05)
        raise RuntimeError(f"timed out after {timeout:.0f} s waiting for {what}")

    def wait_elapsed(self, seconds):
        while self.elapsed() < seconds:
            if self.exited():
                return
            time.sleep(0.05)

    def wait_exit(self, timeout):
        try:
            self.proc.wait(timeout=timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def stop(self):
        if self.proc and self.proc.poll() is None:
            for sig, grace in ((signal.SIGINT, 15), (signal.SIGKILL, 10)):
                try:
                    os.killpg(self.proc.pid, sig)
                except ProcessLookupError:
                    break
                if self.wait_exit(grace):
                    break
        if self.proc:
            children.ended(self.proc.pid)
        if self.recorder:
            self.recorder.stop()
        if getattr(self, "_log", None):
            self._log.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False
