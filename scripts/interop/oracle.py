"""Runs the shared hls.js runner (`run_oracle.py`, hls.js in headless Chromium) and the Shaka
runner from where they live: they are never copied into the repo. Every child runs in its own
process group with a hard deadline, so a hung Chromium never outlives a case."""
import json
import os
import shutil
import signal
import socket
import subprocess
import time

import children

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _candidates(env_name, sub):
    explicit = os.environ.get(env_name)
    if explicit:
        return [explicit]
    # ../shared next to the main checkout; worktrees live one level deeper (/work/wt/NAME)
    return [os.path.join(REPO, "..", "shared", sub), os.path.join(REPO, "..", "..", "shared", sub)]


def find_runner(kind="hlsjs"):
    """(path of the runner script, None) or (None, reason to skip)."""
    env, sub, script = {"hlsjs": ("HLSJS_DIR", "hlsjs", "run_oracle.py"),
                        "shaka": ("SHAKA_DIR", "shakajs", "run_shaka.py")}[kind]
    for d in _candidates(env, sub):
        path = os.path.join(d, script)
        if os.path.isfile(path):
            if not (shutil.which("chromium") or shutil.which("chromium-browser") or os.environ.get("CHROMIUM")):
                return None, "Chromium is not installed (apt-get install -y chromium)"
            return os.path.normpath(path), None
    where = " or ".join(os.path.normpath(d) for d in _candidates(env, sub))
    return None, f"no {script} in {where} (set {env} to the directory holding it)"


def free_port():
    """A currently free TCP port on 127.0.0.1 (the runner binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Run:
    """One runner process: start it, wait for it with a deadline, read its JSON."""

    def __init__(self, runner, playlist, root, port, out_json, rate=1.0, start=None, config=None,
                 actions=None, timeout=240, stall=20, extra=None, log_path=None):
        self.out_json = out_json
        self.deadline_s = timeout + 45  # the runner's own timeout, plus Chromium start and teardown
        cmd = ["python3", runner, playlist, "--root", root, "--port", str(port), "--rate", str(rate),
               "--timeout", str(timeout), "--stall", str(stall), "--compact", "--out", out_json]
        if start is not None:
            cmd += ["--start", str(start)]
        if config:
            cmd += ["--config", json.dumps(config)]
        if actions:
            cmd += ["--actions", json.dumps(actions)]
        cmd += extra or []
        self.cmd = cmd
        self.log_path = log_path or out_json + ".stderr"
        self._log = open(self.log_path, "wb")
        if os.path.exists(out_json):
            os.unlink(out_json)
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=self._log, start_new_session=True)
        children.started(self.proc.pid)

    def running(self):
        return self.proc.poll() is None

    def wait(self):
        """(exit code, result dict or None). Kills the whole process group at the deadline."""
        left = self.deadline_s - (time.monotonic() - self.started)
        try:
            rc = self.proc.wait(timeout=max(1, left))
        except subprocess.TimeoutExpired:
            self.kill()
            rc = -9
        self._log.close()
        children.ended(self.proc.pid)
        result = None
        if os.path.exists(self.out_json):
            try:
                with open(self.out_json) as f:
                    result = json.load(f)
            except ValueError:
                result = None
        return rc, result

    def kill(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                return
            try:
                self.proc.wait(timeout=10)
                return
            except subprocess.TimeoutExpired:
                continue

    def stderr_tail(self, n=1500):
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode("utf-8", "replace")[-n:]
        except OSError:
            return ""


def scratch_dir(base, name):
    d = os.path.join(base, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d
