"""Side-by-side timing of shell commands: alternated rounds, wall time, CPU (user+sys) and peak
RSS of each child (from wait4's rusage), medians and ratios. Used by the bench-*.sh scripts."""
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


def alternate(named_commands, rounds=5, prepare=None):
    """named_commands: list of (name, argv). Runs A B C … then … C B A, and so on, and returns
    per-name samples. `prepare(name)`, if given, runs before each timed run (untimed), e.g. to
    clear outputs so every run writes into a fresh directory."""
    samples = {name: [] for name, _ in named_commands}
    for r in range(rounds):
        order = named_commands if r % 2 == 0 else list(reversed(named_commands))
        for name, argv in order:
            if prepare:
                prepare(name)
            samples[name].append(run_once(argv))
    return samples


def medians(samples):
    """name → (median wall, median CPU, max peak RSS MiB)."""
    return {name: (statistics.median(w for w, _, _ in runs), statistics.median(c for _, c, _ in runs),
                   max(m for _, _, m in runs)) for name, runs in samples.items()}


def table(samples):
    """Medians (what the ratios use) and, for reading results on a shared machine, the fastest
    run of each (background load only ever adds time)."""
    print(f"{'command':<28} {'wall s':>8} {'cpu s':>8} {'peak RSS MiB':>13} {'min wall':>9} {'min cpu':>8}  runs")
    med = medians(samples)
    for name, (wall, cpu, rss) in med.items():
        runs = samples[name]
        print(f"{name:<28} {wall:>8.3f} {cpu:>8.3f} {rss:>13.1f} {min(w for w, _, _ in runs):>9.3f} "
              f"{min(c for _, c, _ in runs):>8.3f}  {len(runs)}")
    return med


def ratio(med, subject, baseline, wall_goal=None, cpu_goal=None, rss_goal=None):
    """Prints subject/baseline for wall, CPU and RSS, with goals where given; returns the wall ratio."""
    (w, c, m), (bw, bc, bm) = med[subject], med[baseline]
    parts = []
    for label, value, goal in (("wall", w / bw, wall_goal), ("CPU", c / bc, cpu_goal), ("peak RSS", m / bm, rss_goal)):
        verdict = "" if goal is None else (" (goal <= %.2f: %s)" % (goal, "met" if value <= goal else "NOT met"))
        parts.append(f"{label} {value:.3f}{verdict}")
    print(f"  {subject} / {baseline}: " + ", ".join(parts))
    return w / bw


def report(samples, baseline, subject):
    """The older two-command form: a table and one ratio line."""
    med = table(samples)
    return ratio(med, subject, baseline)
