"""What Shaka Player (../shared/shakajs/run_shaka.py) did with a run: outcome, longest stall,
which interstitials it parsed, started and stopped, how much of each ad it played and where
the primary resumed relative to the interstitial's start."""
import truth


def stalls(result):
    samples = result.get("samples") or []
    out = []
    last = since = None
    moved = False
    for s in samples:
        key = (s.get("video_time"), s.get("ad_id"))
        if last is None:
            last, since = key, s
            continue
        if key != last:
            if moved and s["t"] - since["t"] > 0.6:
                out.append((since["t"], round(s["t"] - since["t"], 2), since.get("video_time"), since.get("ad_id")))
            moved = True
            last, since = key, s
    status = (result.get("outcome") or {}).get("status")
    if samples and status != "ended" and since is not None:
        end = (result.get("outcome") or {}).get("wall_seconds") or samples[-1]["t"]
        out.append((since["t"], round(end - since["t"], 2), since.get("video_time"), since.get("ad_id")))
    return out


def summarize(result, spans, placement):
    if not result:
        return {"status": "no result", "failures": ["runner produced no JSON"], "interstitials": []}
    st = stalls(result)
    ads = (result.get("playback") or {}).get("ads") or {}
    parsed = {}
    for i in result.get("interstitials") or []:
        parsed.setdefault(i.get("group_id") or i.get("id"), []).append(i)
    rows = []
    failures = []
    status = (result.get("outcome") or {}).get("status")
    if status != "ended":
        failures.append(f"outcome {status}: {(result.get('outcome') or {}).get('reason')}")
    longest = max((s[1] for s in st), default=0.0)
    if longest > 6:
        failures.append(f"stall {longest:.1f} s")
    expected = {x.span.event_id: x for x in truth.expected(spans, placement)}
    for gid, items in parsed.items():
        span = truth.match_id(gid, spans)
        played = []
        resumed = None
        for i in items:
            a = ads.get(i.get("id")) or {}
            if a.get("start_count"):
                d = a.get("ad_media_duration") or i.get("duration")
                played.append(round(min(1.0, (a.get("max_ad_time") or 0) / d), 2) if d else None)
                if a.get("resumed"):
                    resumed = round(a["resumed"][-1]["video_time"] - (i.get("start_time") or 0), 2)
        row = {"id": gid, "started": bool(played), "played": played, "resume_offset_seen": resumed,
               "parsed": [{k: i.get(k) for k in ("start_time", "duration", "resume_offset", "playout_limit")} for i in items]}
        if span is not None:
            x = expected[span.event_id]
            if span.cancelled:
                row["note"] = "cancelled"
                if played:
                    failures.append(f"{gid}: cancelled break played an ad")
            elif resumed is not None:
                seen = sum((p or 0) * (ads.get(i.get("id"), {}).get("ad_media_duration") or 0)
                           for p, i in zip(played, items))
                lo, hi = min(seen, x.resume_offset), x.resume_offset
                if placement == "strip":
                    lo = hi = 0.0
                if not lo - 1.0 <= resumed <= hi + 1.0:
                    failures.append(f"{gid}: primary resumed {resumed:+.1f} s after START, expected "
                                    f"{'+%.1f' % lo if lo == hi else '+%.1f..+%.1f' % (lo, hi)}")
        rows.append(row)
    seen = sorted({m.get("id") for m in result.get("hls_metadata") or []})
    lists = [(r["t"], r["path"], r["status"]) for r in result.get("http_requests") or [] if r["path"].endswith(".json")]
    return {"status": status, "passed": not failures, "failures": failures, "longest_stall": longest, "stalls": st,
            "interstitials": rows, "metadata_ids": seen, "list_requests": lists,
            "started_ended": f"{sum(1 for r in rows if r['started'])} started of {len(rows)} scheduled "
                             f"({len(seen)} date range(s), {len(lists)} list request(s))",
            "warnings": [w if isinstance(w, str) else str(w)[:200] for w in (result.get("shaka_warnings") or [])][:12]}
