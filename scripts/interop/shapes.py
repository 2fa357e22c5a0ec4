#!/usr/bin/env python3
"""Measures candidate live tag shapes (issue 14): each scenario of shape_scenarios.py is a
scripted live channel (simlive.py) over pkgctl's own segments, played in real time by hls.js
(and, where marked, Shaka). Prints one row per run and writes every result to
WORK/shapes/results.json. Real time: the whole set takes about half an hour with --jobs 3.

  shapes.py [--only a1,b2,...|--group a,b] [--jobs N] [--no-shaka] [--pkgctl PATH] [--work DIR]
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import children  # noqa: E402
import oracle  # noqa: E402
import playlist as pl  # noqa: E402
import shape_scenarios  # noqa: E402
import shaka_summary  # noqa: E402
import simlive  # noqa: E402
from verdict import Verdict  # noqa: E402


def prepare(pkgctl, work):
    """pkgctl's own overlay VOD cut of live_scte35.ts (segments + extracted assets) and one
    15 s ad from stitched_vod.ts for the 'ad server' pod, made once per work directory."""
    vod = os.path.join(work, "vod-overlay")
    if not os.path.exists(os.path.join(vod, "primary", "index.m3u8")):
        shutil.rmtree(vod, ignore_errors=True)
        subprocess.run([pkgctl, "vod", os.path.join(oracle.REPO, "samples", "live_scte35.ts"), "-o", vod,
                        "--placement", "overlay"], check=True, capture_output=True, timeout=300)
    strip = os.path.join(work, "vod-strip")
    if not os.path.exists(os.path.join(strip, "primary", "index.m3u8")):
        shutil.rmtree(strip, ignore_errors=True)
        subprocess.run([pkgctl, "vod", os.path.join(oracle.REPO, "samples", "live_scte35.ts"), "-o", strip,
                        "--placement", "strip"], check=True, capture_output=True, timeout=300)
    ads = os.path.join(work, "vod-stitched")
    if not os.path.isdir(os.path.join(ads, "assets")):
        shutil.rmtree(ads, ignore_errors=True)
        subprocess.run([pkgctl, "vod", os.path.join(oracle.REPO, "samples", "stitched_vod.ts"), "-o", ads,
                        "--placement", "strip"], check=True, capture_output=True, timeout=300)
    ad15 = os.path.join(ads, "assets", sorted(os.listdir(os.path.join(ads, "assets")))[0])
    return {"overlay": vod, "strip": strip}, ad15


def _sub(value, base):
    if isinstance(value, str):
        return value.replace("{base}", base)
    if isinstance(value, list):
        return [_sub(v, base) for v in value]
    if isinstance(value, dict):
        return {k: _sub(v, base) for k, v in value.items()}
    return value


def run(sc, player, runner, vods, ad15, work):
    name = sc.name + ("" if player == "hlsjs" else "-" + player)
    vod = vods["strip" if sc.strip else "overlay"]
    root = oracle.scratch_dir(work, name)
    os.symlink(os.path.join(vod, "primary"), os.path.join(root, "primary"))
    os.symlink(os.path.join(vod, "assets"), os.path.join(root, "assets"))
    os.makedirs(os.path.join(root, "adserver"))
    os.symlink(ad15, os.path.join(root, "adserver", "ad-15s"))
    live = os.path.join(root, "live")
    os.makedirs(live)
    with open(os.path.join(vod, "master.m3u8")) as f:
        master = f.read().replace("primary/index.m3u8", "index.m3u8")
    with open(os.path.join(live, "master.m3u8"), "w") as f:
        f.write(master)
    port = oracle.free_port()
    base = f"http://127.0.0.1:{port}/"
    tags = [simlive.Tag(t.at, _sub(t.attrs, base), t.span_start) for t in sc.tags]
    lists = [simlive.ListFile(f.at, f.event_id, _sub(f.assets, base)) for f in sc.lists]
    ch = simlive.Channel(root, live, sc.start_at, sc.end_at, tags, lists, hold=sc.hold, ext_start=sc.ext_start,
                         strip=sc.strip)
    ch.start()
    try:
        if not ch.published.wait(60):
            raise RuntimeError("the simulated channel published nothing in 60 s")
        if sc.join:
            while time.monotonic() - ch.t0 < sc.join:
                time.sleep(0.05)
        joined = round(time.monotonic() - ch.t0, 1)
        timeout = max(60.0, (sc.end_at - sc.start_at) - joined) + 80
        out_json = os.path.join(root, player + ".json")
        extra = []
        if player == "hlsjs":
            r = oracle.Run(runner, os.path.join(live, "master.m3u8"), root, port, out_json, rate=1, start=sc.start,
                           config=sc.config, timeout=timeout, stall=45, extra=["--verbose"])
        else:
            r = oracle.Run(runner, os.path.join(live, "master.m3u8"), root, port, out_json, rate=1, start=sc.start,
                           timeout=timeout, stall=45, extra=extra)
        rc, result = r.wait()
    finally:
        ch.stop()
    row = {"scenario": sc.name, "group": sc.group, "player": player, "question": sc.question, "joined_wall": joined,
           "runner_exit": rc, "channel_log": ch.log}
    judge(row, sc, result, ch.anchor)
    return row


def judge(row, sc, result, anchor):
    player, rc = row["player"], row.get("runner_exit")
    name = sc.name + ("" if player == "hlsjs" else "-" + player)
    if player == "hlsjs":
        v = Verdict(name, result, sc.spans, "strip" if sc.strip else "overlay", anchor, sc.stall_limit, rc)
        row.update({"status": v.status, "passed": v.passed, "failures": v.failures, "notes": v.notes,
                    "longest_stall": v.longest_stall, "stalls": v.stalls, "interstitials": v.rows,
                    "started_ended": v.interstitial_cell(), "played": f"{v.played}/{v.required}",
                    "resume_ok": v.resume_ok, "join_position": v.join_pos,
                    "warnings": [w["msg"][:200] for w in (result or {}).get("hls_warnings", [])][:12],
                    "interstitial_log": interstitial_log(result)})
    else:
        row.update(shaka_summary.summarize(result, sc.spans, "strip" if sc.strip else "overlay"))


def rejudge(work, vods, scenarios, rows):
    """Judges saved runs again (after a change to the verdict), from their files: the anchor
    is the first listed segment's PDT minus its position in the VOD cut it came from."""
    by_name = {s.name: s for s in scenarios}
    for row in rows:
        sc = by_name.get(row["scenario"])
        if sc is None:
            continue
        d = os.path.join(work, sc.name + ("" if row["player"] == "hlsjs" else "-" + row["player"]))
        try:
            with open(os.path.join(d, row["player"] + ".json")) as f:
                result = json.load(f)
        except (OSError, ValueError):
            continue
        live = pl.read(os.path.join(d, "live", "index.m3u8"))
        vod = pl.read(os.path.join(vods["strip" if sc.strip else "overlay"], "primary", "index.m3u8"))
        first = os.path.basename(live.segments[0].uri)
        pos = next(s.position for s in vod.segments if s.uri == first)
        judge(row, sc, result, live.first_pdt - datetime.timedelta(seconds=pos))
        print(line(row))


def interstitial_log(result, cap=60):
    """hls.js's own interstitial-controller log lines (with --verbose), the why behind a freeze."""
    keep = ("interstitial", "checkStart", "schedule", "asset", "timelineOffset", "resum", "INTERSTITIAL")
    lines = [f"{x['t']:.1f} {x['msg'][:220]}" for x in (result or {}).get("hls_logs", [])
             if any(k in x["msg"] for k in keep)]
    return lines[:cap]


def line(row):
    what = "; ".join(f"{i['id']}: {'played ' + str(i.get('played')) if i.get('played') else i.get('note') or ('started' if i.get('started') else 'not started')}"
                     f"{' resumed@' + str(i['resumed_at']) if 'resumed_at' in i else ''}" for i in row.get("interstitials", []))
    first = (row.get("failures") or [""])[0]
    return (f"| {row['scenario']} | {row['player']} | {row.get('status')} | {row.get('started_ended', '')} | "
            f"{row.get('longest_stall', 0):.1f} s | {what} | {first} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", default="", help="comma list of scenario name prefixes")
    ap.add_argument("--group", default="", help="comma list of groups (a b c d e)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-shaka", action="store_true")
    ap.add_argument("--rejudge", action="store_true", help="judge the saved runs again, run nothing")
    ap.add_argument("--pkgctl", default=os.path.join(oracle.REPO, ".build", "release", "pkgctl"))
    ap.add_argument("--work", default=os.path.join(oracle.REPO, ".build", "interop"))
    args = ap.parse_args()
    children.install()
    runner, why = oracle.find_runner("hlsjs")
    if runner is None:
        print(f"shapes: SKIPPED: {why}")
        return 0
    shaka, why_shaka = oracle.find_runner("shaka")
    work = os.path.join(os.path.abspath(args.work), "shapes")
    os.makedirs(work, exist_ok=True)
    vods, ad15 = prepare(os.path.abspath(args.pkgctl), work)
    chosen = shape_scenarios.all_scenarios()
    if args.only:
        chosen = [s for s in chosen if any(s.name.startswith(p) for p in args.only.split(","))]
    if args.group:
        chosen = [s for s in chosen if s.group in args.group.split(",")]
    path = os.path.join(work, "results.json")
    if args.rejudge:
        with open(path) as f:
            rows = json.load(f)
        names = {s.name for s in chosen}
        rejudge(work, vods, chosen, [r for r in rows if r["scenario"] in names])
        with open(path, "w") as f:
            json.dump(rows, f, indent=1)
        return 0
    jobs = [(s, "hlsjs", runner) for s in chosen]
    if not args.no_shaka and shaka:
        jobs += [(s, "shaka", shaka) for s in chosen if s.shaka]
    print(f"shapes: {len(jobs)} run(s), {args.jobs} at once, in {work}", flush=True)

    def one(job):
        s, player, path = job
        try:
            row = run(s, player, path, vods, ad15, work)
        except Exception as e:
            row = {"scenario": s.name, "player": player, "status": f"harness error: {e}", "failures": [str(e)]}
        print(line(row), flush=True)
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(one, jobs))
    old = {}
    if os.path.exists(path):
        with open(path) as f:
            old = {(r["scenario"], r["player"]): r for r in json.load(f)}
    old.update({(r["scenario"], r["player"]): r for r in rows})
    with open(path, "w") as f:
        json.dump(sorted(old.values(), key=lambda r: (r["scenario"], r["player"])), f, indent=1)
    print(f"shapes: results in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
