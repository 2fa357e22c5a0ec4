"""Every child process group the harness starts (pkgctl live, the runners and their Chromium),
so that an interrupted `make interop` ends them all instead of leaving them behind: children
run in their own sessions and do not see the terminal's Ctrl-C."""
import os
import signal
import sys
import threading

_lock = threading.Lock()
_groups = set()


def started(pid):
    with _lock:
        _groups.add(pid)


def ended(pid):
    with _lock:
        _groups.discard(pid)


def kill_all():
    with _lock:
        groups = list(_groups)
    for pid in groups:
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def install():
    """SIGINT/SIGTERM: kill every registered group, then leave at once (worker threads may be
    blocked in waits that would otherwise run to their deadlines)."""
    def handler(signum, _frame):
        kill_all()
        print(f"\ninterop: interrupted (signal {signum}); child processes killed", file=sys.stderr, flush=True)
        os._exit(130)
    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)
