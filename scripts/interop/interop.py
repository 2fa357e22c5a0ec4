#!/usr/bin/env python3
"""`make interop`: pkgctl's outputs played by a real player (hls.js 1.6.16 in headless
Chromium, through ../shared/hlsjs/run_oracle.py), one case at a time or several in parallel,
with a table of what happened. Skips (exit 0) with a message when Chromium or the runner is
missing. Exit 1 when a case fails, 2 on bad usage.

  interop.py [--cases vod,live,live-dvr,...] [--jobs N] [--pkgctl PATH] [--work DIR] [--list]
"""
import argparse
import concurrent.futures
import json
import os
import sys
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import live_cases  # noqa: E402
import children  # noqa: E402
import oracle  # noqa: E402
import vod_cases  # noqa: E402
from verdict import Verdict  # noqa: E402


def all_cases():
    return vod_cases.cases() + live_cases.cases()


def select(names):
    cases = all_cases()
    if not names or names == ["all"]:
        return cases
    chosen = []
    for n in names:
        hit = [c for c in cases if c.name == n or c.group == n or c.name.startswith(n + "-")]
        if not hit:
            raise SystemExit(f"interop: no case or group '{n}' (see --list)")
        chosen += [c for c in hit if c not in chosen]
    return chosen


class Context:
    def __init__(self, pkgctl, runner, work):
        self.pkgctl, self.runner, self.work = pkgctl, runner, work

    def error(self, case, message):
        v = Verdict(case.name, None, [], "overlay", None, 0)
        v.failures = [message]
        v.status = "error"
        return v


def run_case(ctx, case):
    started = time.monotonic()
    try:
        v = case.run(ctx)
    except Exception as e:  # a harness problem in one case must not hide the others' results
        v = ctx.error(case, f"harness: {e}")
        v.notes.append(traceback.format_exc(limit=3))
    v.wall = round(time.monotonic() - started, 1)
    print(f"interop: {case.name}: {'pass' if v.passed else 'FAIL'} ({v.wall:.0f} s)", flush=True)
    return v


def table(verdicts):
    head = ["case", "outcome", "interstitials started/ended", "asset started+ended", "longest stall", "resume ok",
            "audio@start", "result"]
    rows = []
    for v in verdicts:
        resume = {True: "yes", False: "NO", None: "n/a"}[v.resume_ok]
        rows.append([v.case, v.status, v.interstitial_cell(), f"{v.played}/{v.required}", f"{v.longest_stall:.1f} s",
                     resume, v.audio,
                     "pass" if v.passed else "FAIL"])
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "| " + " | ".join(str(c).ljust(w) for c, w in zip(r, widths)) + " |"
    out = [line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [line(r) for r in rows]
    return "\n".join(out)


def details(v):
    lines = [f"{v.case}:"]
    for f in v.failures:
        lines.append(f"  FAIL {f}")
    for n in v.notes:
        lines.append(f"  note {n.strip()}")
    if v.stalls:
        lines.append("  stalls (wall s, length s, primary s): " +
                     ", ".join(f"{s[0]:.1f}/{s[1]:.1f}/{s[2]}" for s in sorted(v.stalls, key=lambda s: -s[1])[:4]))
    for r in v.rows:
        extra = "".join(f" {k}={r[k]}" for k in ("start_error", "resumed_at", "played") if k in r)
        lines.append(f"  {r['id']}: started={r['started']} ended={r['ended']} assets={r['assets']}{extra} {r['note']}")
    if v.work:
        lines.append(f"  files: {v.work}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default=os.environ.get("CASES", ""), help="comma list of cases or groups (vod, live)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "1")), help="cases run at once (default 1)")
    ap.add_argument("--pkgctl", default=os.path.join(oracle.REPO, ".build", "release", "pkgctl"))
    ap.add_argument("--work", default=os.path.join(oracle.REPO, ".build", "interop"))
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--rejudge", action="store_true", help="judge the saved runs in --work again, run nothing")
    args = ap.parse_args()
    children.install()
    cases = select([n for n in args.cases.replace(" ", ",").split(",") if n])
    if args.list:
        for c in all_cases():
            print(f"{c.name:<34} [{c.group}] {c.what}")
        return 0
    if args.rejudge:
        verdicts = [rejudge(c, os.path.join(os.path.abspath(args.work), c.name)) for c in cases]
        return report([v for v in verdicts if v is not None], os.path.abspath(args.work))
    runner, why = oracle.find_runner("hlsjs")
    if runner is None:
        print(f"interop: SKIPPED: {why}")
        return 0
    if not os.access(args.pkgctl, os.X_OK):
        print(f"interop: no pkgctl at {args.pkgctl} (make build)", file=sys.stderr)
        return 2
    os.makedirs(args.work, exist_ok=True)
    ctx = Context(os.path.abspath(args.pkgctl), runner, os.path.abspath(args.work))
    print(f"interop: {len(cases)} case(s) with {runner}, {args.jobs} at once; files in {ctx.work}", flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        verdicts = list(pool.map(lambda c: run_case(ctx, c), cases))
    return report(verdicts, ctx.work)


def rejudge(case, work):
    try:
        with open(os.path.join(work, "hlsjs.json")) as f:
            result = json.load(f)
    except (OSError, ValueError):
        print(f"interop: {case.name}: no saved run in {work}", file=sys.stderr)
        return None
    v = case.judge(work, result, (result.get("runner") or {}).get("exit_code"))
    v.wall = (result.get("runner") or {}).get("wall_seconds")
    return v


def report(verdicts, work):
    print()
    print(table(verdicts))
    print()
    for v in verdicts:
        print(details(v))
    with open(os.path.join(work, "summary.json"), "w") as f:
        json.dump([{"case": v.case, "status": v.status, "passed": v.passed, "failures": v.failures,
                    "notes": v.notes, "longest_stall": v.longest_stall, "stalls": v.stalls,
                    "interstitials": v.rows, "resume_ok": v.resume_ok, "audio": v.audio,
                    "join_position": v.join_pos, "joined_wall": v.joined_wall, "startup": v.startup,
                    "wall": v.wall} for v in verdicts], f, indent=1)
    return 0 if all(v.passed for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
