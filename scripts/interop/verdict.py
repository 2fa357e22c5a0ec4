"""Judges one hls.js run against where the spans really are: the outcome, the longest stall,
whether every interstitial that lies ahead of the viewer started and ended (or was skipped on
purpose), whether each sits at its span's START-DATE, and whether the primary resumed at the
right position afterwards."""
import datetime

import truth

DATE_TOLERANCE = 0.25    # s: cuts land on keyframes, which the samples place on every span edge
RESUME_TOLERANCE = 0.5   # s: hls.js reports the playhead at the resume event, a tick late at most


def stalls(result):
    """[(wall start, wall length, primary time, playing asset)] from the playhead samples: a
    stall is wall time in which neither the media element nor the integrated timeline moved,
    after playback first moved. An open stall at the end counts when the run did not end."""
    samples = result.get("samples") or []
    out = []
    last = None
    since = None
    moved_once = False
    for s in samples:
        key = (s.get("media_time"), s.get("integrated_time"))
        if last is None:
            last, since = key, s
            continue
        if key != last:
            if moved_once and s["t"] - since["t"] > 0.6:
                out.append((since["t"], round(s["t"] - since["t"], 2), since.get("primary_time"), since.get("playing_asset_id")))
            moved_once = True
            last, since = key, s
    status = (result.get("outcome") or {}).get("status")
    if samples and status != "ended" and since is not None:
        end_t = (result.get("outcome") or {}).get("wall_seconds") or samples[-1]["t"]
        if moved_once or status in ("stalled", "timeout"):
            out.append((since["t"], round(end_t - since["t"], 2), since.get("primary_time"), since.get("playing_asset_id")))
    return out


def startup_seconds(result):
    samples = result.get("samples") or []
    for a, b in zip(samples, samples[1:]):
        if (a.get("media_time"), a.get("integrated_time")) != (b.get("media_time"), b.get("integrated_time")):
            return a["t"]
    return None


def _date(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")) if text else None


def _events(result, name):
    return [e for e in result.get("events", []) if e.get("event") == name]


def resumed_after(result, interstitial_id, in_place, had_assets):
    """Where the primary really resumed after the interstitial last ended (primary seconds).
    Without an asset (a zero-length event) the primary media element never stopped: its time
    (hls.js then jumps its own primary position to the resume time while the element keeps
    playing the span). After an asset played in place: hls.js's primary position at
    INTERSTITIALS_PRIMARY_RESUMED (at 8x the element's clock runs ahead of the event). After a
    detached asset: the position the re-attached primary seeked to."""
    ended = [e for e in _events(result, "INTERSTITIAL_ENDED") if e.get("interstitial_id") == interstitial_id]
    if not ended:
        return None
    t = ended[-1]["t"]
    ev = next((e for e in _events(result, "INTERSTITIALS_PRIMARY_RESUMED") if e["t"] >= t), None)
    if ev is None:
        return None
    if not had_assets:
        return ev.get("media_time")
    if in_place:
        return ev.get("primary_time")
    seeked = next((m for m in result.get("media_events", []) if m.get("event") == "seeked" and ev["t"] <= m["t"] <= ev["t"] + 2), None)
    if seeked is not None:
        return seeked.get("media_time")
    return ev.get("primary_time")


def played_seconds(playback_entry):
    """Seconds of replacement media the viewer sat through (asset duration x fraction played)."""
    total = 0.0
    for a in playback_entry.get("assets") or []:
        if a.get("started") and a.get("duration") and a.get("played_fraction") is not None:
            total += a["duration"] * a["played_fraction"]
    return total


def resume_window(x, placement, seen):
    """Where the primary may resume. Strip: the splice, nothing else (the primary has no span).
    Overlay: not before START + what the replacement covered (no span content shown twice) and
    not after the span's end (no programme skipped); without a replacement, the splice (the
    primary goes on through the span it carries)."""
    if placement == "strip" or not seen:
        return x.start, x.start
    return min(x.start + seen, x.resume), x.resume


class Verdict:
    def __init__(self, case, result, spans, placement, pdt_base, stall_limit, rc=None, join_slack=0.0,
                 join_override=None):
        self.case = case
        self.audio = "n/a"
        self.work = None
        self.joined_wall = None
        self.join_pos = None
        self.rc = rc
        self.result = result or {}
        self.failures = []
        self.notes = []
        self.rows = []           # one per interstitial, for the detailed report
        outcome = self.result.get("outcome") or {}
        self.status = outcome.get("status") or f"no result (runner exit {rc})"
        self.stalls = stalls(self.result) if result else []
        self.longest_stall = max((s[1] for s in self.stalls), default=0.0)
        self.startup = startup_seconds(self.result) if result else None
        self.started = self.ended = self.required = self.skipped = self.played = 0
        self.resume_ok = None
        if not result:
            self.failures.append(self.status)
            return
        if self.status != "ended":
            self.failures.append(f"outcome {self.status}: {outcome.get('reason')}")
        nudges = [e for e in self.result.get("errors", []) if e.get("details") in ("bufferStalledError", "bufferNudgeOnStall")]
        if nudges:
            self.notes.append(f"hls.js reported {len(nudges)} short stall(s) (bufferStalledError/bufferNudgeOnStall), "
                              f"first at wall {nudges[0].get('t')} s")
        if self.longest_stall > stall_limit:
            s = max(self.stalls, key=lambda s: s[1])
            self.failures.append(f"stall {s[1]:.1f} s > {stall_limit:.1f} s at primary {s[2]} (wall {s[0]:.1f} s)")
        self._interstitials(spans, placement, pdt_base, join_slack, join_override)

    def _offset(self, entries):
        """hls.js's own primary-time -> date mapping, from any interstitial it placed."""
        for e in entries:
            d = _date(e.get("start_date"))
            if d is not None and e.get("start_time") is not None:
                return d - datetime.timedelta(seconds=e["start_time"])
        return None

    def _interstitials(self, spans, placement, pdt_base, join_slack, join_override):
        entries = self.result.get("interstitials") or []
        playback = (self.result.get("playback") or {}).get("interstitials") or {}
        zero = self._offset(entries)
        first = next((s for s in self.result.get("samples") or [] if s.get("primary_time")), None)
        join_pos = None
        if zero is not None and first is not None and pdt_base is not None:
            join_date = zero + datetime.timedelta(seconds=first["primary_time"])
            join_pos = (join_date - pdt_base).total_seconds()
        if join_override is not None:
            join_pos = join_override
        expected = {x.span.event_id: x for x in truth.expected(spans, placement)}
        resume_checks = []
        for e in entries:
            iid = e.get("id")
            pb = playback.get(iid, {})
            span = truth.match_id(iid, spans)
            row = {"id": iid, "started": pb.get("started"), "ended": pb.get("ended"),
                   "assets": len(e.get("observed_asset_list") or []), "note": ""}
            self.rows.append(row)
            if span is None:
                row["note"] = "no span in the fixture"
                self.notes.append(f"{iid}: not a span of the source")
                if pb.get("started") and not pb.get("ended"):
                    self.failures.append(f"{iid}: started, never ended")
                continue
            x = expected[span.event_id]
            d = _date(e.get("start_date"))
            if d is not None and pdt_base is not None:
                err = (d - pdt_base).total_seconds() - x.start
                row["start_error"] = round(err, 3)
                if abs(err) > DATE_TOLERANCE:
                    self.failures.append(f"{iid}: START-DATE {err:+.2f} s from the splice")
            if span.cancelled:
                self.skipped += 1
                played = [a for a in (pb.get("assets") or []) if a.get("started")]
                row["note"] = "cancelled"
                row["played"] = [a.get("played_fraction") for a in played]
                if played:
                    self.failures.append(f"{iid}: cancelled break played an asset")
                r = resumed_after(self.result, iid, e.get("append_in_place"), bool(played)) if pb.get("ended") else None
                if r is not None and zero is not None and pdt_base is not None:
                    got = ((zero + datetime.timedelta(seconds=r)) - pdt_base).total_seconds()
                    row["resumed_at"] = round(got, 2)
                    if abs(got - x.start) > RESUME_TOLERANCE:
                        self.failures.append(f"{iid}: cancelled, primary resumed at {got:.2f} s, not at the splice {x.start:.2f} s")
                continue
            behind = join_pos is not None and x.start + span.duration <= join_pos + join_slack
            inside = join_pos is not None and x.start < join_pos + join_slack < x.start + span.duration
            if behind:
                self.skipped += 1
                row["note"] = "behind the join point"
                continue
            if inside and not pb.get("started"):
                self.skipped += 1
                row["note"] = "joined inside; primary kept"
                continue
            answer = e.get("observed_asset_list_response") or {}
            if not pb.get("started") and answer.get("ASSETS") == [] and not e.get("observed_asset_list"):
                # an empty asset list is a deliberate "nothing to play": hls.js may pass such a
                # zero-length event without INTERSTITIAL_STARTED; the stall check covers the rest
                self.skipped += 1
                row["note"] = "empty asset list; primary kept"
                continue
            self.required += 1
            self.started += bool(pb.get("started"))
            self.ended += bool(pb.get("ended"))
            # the runner's own "played" also demands no non-fatal asset errors (nudges) and samples
            # the asset clock too coarsely at 8x; started + ended is what the column claims
            self.played += any(a.get("started") and a.get("ended") for a in pb.get("assets") or [])
            row["played"] = [a.get("played_fraction") for a in pb.get("assets") or []]
            if not pb.get("started"):
                self.failures.append(f"{iid}: never started")
            elif not pb.get("ended"):
                self.failures.append(f"{iid}: started, never ended")
            if pb.get("ended") and zero is not None and pdt_base is not None:
                r = resumed_after(self.result, iid, e.get("append_in_place"), bool(played_seconds(pb)))
                if r is None:
                    resume_checks.append(False)
                    self.failures.append(f"{iid}: no primary resumption after it")
                    continue
                got = ((zero + datetime.timedelta(seconds=r)) - pdt_base).total_seconds()
                row["resumed_at"] = round(got, 2)
                seen = played_seconds(pb)
                lo, hi = resume_window(x, placement, seen)
                if not seen:
                    row["note"] = "no asset: primary kept" if abs(got - x.start) <= RESUME_TOLERANCE else "no asset"
                ok = lo - RESUME_TOLERANCE <= got <= hi + RESUME_TOLERANCE
                resume_checks.append(ok)
                if not ok:
                    want = f"{lo:.2f} s" if lo == hi else f"{lo:.2f}-{hi:.2f} s"
                    self.failures.append(f"{iid}: primary resumed at {got:.2f} s, expected {want}")
        self.join_pos = join_pos
        seen = {truth.match_id(e.get("id"), spans) for e in entries}
        for x in truth.expected(spans, placement):
            if x.span in seen or x.span.cancelled:
                continue
            if join_pos is None or x.start > join_pos + 0.5:
                self.required += 1
                self.failures.append(f"no interstitial for the {x.span.kind} span {x.span.start:g}-{x.span.end:g} s")
        if resume_checks:
            self.resume_ok = all(resume_checks)

    @property
    def passed(self):
        return not self.failures

    def interstitial_cell(self):
        cell = f"{self.started}/{self.ended} of {self.required}"
        if self.skipped:
            cell += f" (+{self.skipped} skipped)"
        return cell
