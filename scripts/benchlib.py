"""Side-by-side timing of shell commands: alternated rounds, wall time and peak RSS of
each child (from wait4's rusage), medians and ratios. Used by the bench-*.sh scripts."""
import os
import statistics
import subprocess
import sys
import time


def run_once(argv, stdout=subprocess.DEVNULL):
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=stdout, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {code}\n{err[-2000:]}")
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024.0  # ru_maxrss is KiB on Linux


def alternate(named_commands, rounds=3, prepare=None):
    """named_commands: list of (name, argv). Runs A B A B … and returns per-name samples.
    `prepare(name)`, if given, runs before each timed run (untimed), e.g. to clear outputs so
    every run writes into a fresh directory."""
    samples = {name: [] for name, _ in named_commands}
    for r in range(rounds):
        order = named_commands if r % 2 == 0 else list(reversed(named_commands))
        for name, argv in order:
            if prepare:
                prepare(name)
            samples[name].append(run_once(argv))
    return samples


def report(samples, baseline, subject):
    print(f"{'command':<12} {'wall s (median)':>16} {'cpu s':>8} {'peak RSS MiB':>13}  runs")
    med = {}
    for name, runs in samples.items():
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        rss = max(m for _, _, m in runs)
        med[name] = (wall, cpu, rss)
        print(f"{name:<12} {wall:>16.3f} {cpu:>8.3f} {rss:>13.1f}  {len(runs)}")
    ratio = med[subject][0] / med[baseline][0]
    rss_ratio = med[subject][2] / med[baseline][2]
    print(f"ratio {subject}/{baseline}: wall {ratio:.3f}, peak RSS {rss_ratio:.3f}")
    return ratio
