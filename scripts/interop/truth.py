"""Where each span of the committed samples really is, from the independent fixture decodes
in Tests/PackagerTests/Fixtures (threefive, not pkgctl), and where an interstitial for it must
sit on the output timeline for a given placement."""
import json
import os
import re

from oracle import REPO

FIXTURES = os.path.join(REPO, "Tests", "PackagerTests", "Fixtures")


class Span:
    def __init__(self, event_id, kind, start, end, cancelled=False):
        self.event_id = event_id      # splice_event_id / segmentation_event_id
        self.kind = kind
        self.start = start            # seconds from the first video frame of the source
        self.end = end
        self.cancelled = cancelled

    @property
    def duration(self):
        return self.end - self.start

    def __repr__(self):
        return f"Span({self.event_id} {self.kind} {self.start}-{self.end}{' cancelled' if self.cancelled else ''})"


def _load(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return json.load(f)


def live_scte35():
    out = []
    for s in _load("live_scte35.cues.json")["expected_spans"]:
        eid = s.get("splice_event_id") or s.get("segmentation_event_id")
        kind = "recap" if "recap" in s["name"] else "ad"
        if s.get("start_t") is None:
            start = s["announced_start_t"]
            out.append(Span(eid, kind, start, start + s["announced_duration_s"], cancelled=True))
        else:
            out.append(Span(eid, kind, s["start_t"], s["end_t"]))
    return out


def stitched_vod():
    """The TS signals only the two ad breaks (splice_insert OUT/IN pairs); the recap at 0-10 s
    is not signalled in the TS, so no interstitial is expected for it."""
    opened = {}
    out = []
    for c in _load("stitched_vod.cues.json")["cues"]:
        if c.get("command") != "splice_insert":
            continue
        eid = c["splice_event_id"]
        if c.get("out_of_network"):
            opened[eid] = c["t"]
        elif eid in opened:
            out.append(Span(eid, "ad", opened.pop(eid), c["t"]))
    return out


SAMPLES = {"live_scte35": live_scte35, "stitched_vod": stitched_vod}


class Expected:
    """One interstitial the output must hold: its position on the output (primary) timeline
    and the primary position playback must resume at."""

    def __init__(self, span, start, resume, placement):
        self.span = span
        self.start = start
        self.resume = resume
        self.placement = placement

    @property
    def resume_offset(self):
        return self.resume - self.start


def expected(spans, placement):
    """overlay: the primary keeps the span, the interstitial covers it (resume at its end);
    strip: the span leaves the primary, which is re-timed to stay continuous (resume at the
    splice, everything later earlier by all spans stripped so far)."""
    out = []
    removed = 0.0
    for s in sorted(spans, key=lambda s: s.start):
        if s.cancelled:
            out.append(Expected(s, s.start - removed, s.start - removed, placement))
            continue
        if placement == "strip":
            out.append(Expected(s, s.start - removed, s.start - removed, placement))
            removed += s.duration
        else:
            out.append(Expected(s, s.start, s.end, placement))
    return out


def match_id(interstitial_id, spans):
    """The span an interstitial ID names (pkgctl's IDs carry the cue's event id)."""
    numbers = {int(n) for n in re.findall(r"\d+", interstitial_id or "")}
    for s in spans:
        if s.event_id in numbers:
            return s
    return None
