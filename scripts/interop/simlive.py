"""A scripted live channel for measuring tag shapes: it replays the segments of a `pkgctl vod
--placement overlay` output as a growing live playlist on the wall clock (a segment is listed
once its end has passed, as a live packager would), and writes the date-range tags and asset
list files a scenario asks for, each at its own moment. The directory it writes is served by
the hls.js (or Shaka) runner, so the player sees an ordinary live origin."""
import datetime
import json
import os
import threading
import time

import playlist as pl

QUOTED = {"ID", "CLASS", "START-DATE", "END-DATE", "X-ASSET-URI", "X-ASSET-LIST", "X-RESTRICT", "X-SNAP",
          "X-TIMELINE-OCCUPIES", "X-TIMELINE-STYLE", "X-CONTENT-MAY-VARY", "CUE"}
ORDER = ["ID", "CLASS", "START-DATE", "DURATION", "PLANNED-DURATION", "SCTE35-OUT", "SCTE35-IN", "X-ASSET-URI",
         "X-ASSET-LIST", "X-RESUME-OFFSET", "X-PLAYOUT-LIMIT", "X-SNAP", "X-RESTRICT", "X-CONTENT-MAY-VARY",
         "X-TIMELINE-OCCUPIES", "X-TIMELINE-STYLE", "CUE"]


def render_date_range(attrs):
    keys = [k for k in ORDER if k in attrs] + sorted(k for k in attrs if k not in ORDER)
    parts = []
    for k in keys:
        v = attrs[k]
        if k in QUOTED:
            parts.append(f'{k}="{v}"')
        else:
            parts.append(f"{k}={v:g}" if isinstance(v, (int, float)) else f"{k}={v}")
    return "#EXT-X-DATERANGE:" + ",".join(parts)


class Tag:
    """One EXT-X-DATERANGE line that appears when the channel clock reaches `at` (source s)."""

    def __init__(self, at, attrs, span_start):
        self.at, self.attrs, self.span_start = at, attrs, span_start


class ListFile:
    """An asset-list file's content from `at` on (None: the file does not exist)."""

    def __init__(self, at, event_id, assets):
        self.at, self.event_id, self.assets = at, event_id, assets


class Channel(threading.Thread):
    def __init__(self, vod_dir, out_dir, start_at, end_at, tags=(), lists=(), hold=0.0, window=None,
                 ext_start=None, publish_delay=0.2, strip=()):
        super().__init__(daemon=True)
        media = pl.read(os.path.join(vod_dir, "primary", "index.m3u8"))
        self.map_uri = media.map_uri
        self.target = media.target_duration
        # strip: vod_dir is a `--placement strip` cut; these source spans are missing from it,
        # and a segment is listed when the source clock reaches its source end
        self.strip = sorted(strip)
        self.segments = [s for s in media.segments if self.source_of(s.position) >= start_at - 1e-6
                         and self.source_of(s.position + s.duration, end=True) <= end_at + 1e-6]
        self.start_at, self.end_at = start_at, end_at
        self.tags, self.lists = list(tags), list(lists)
        self.hold, self.window, self.ext_start = hold, window, ext_start
        self.publish_delay = publish_delay
        self.out_dir = out_dir
        self.rel = os.path.relpath(os.path.join(vod_dir, "primary"), out_dir)
        self.t0 = None
        self.anchor = None       # PDT of source time 0
        self.published = threading.Event()
        self.log = []            # (wall s, what)
        self._halt = threading.Event()
        os.makedirs(os.path.join(out_dir, "lists"), exist_ok=True)

    def source_of(self, out_t, end=False):
        """Source time of a position on the (possibly stripped) output timeline; a segment end
        that meets a stripped span belongs before it."""
        removed = 0.0
        for a, b in self.strip:
            at = out_t + removed
            if at > a + 1e-6 or (not end and at >= a - 1e-6):
                removed += b - a
        return out_t + removed

    def out_of(self, source_t):
        return source_t - sum(min(b, max(a, source_t)) - a for a, b in self.strip)

    def pdt(self, out_t):
        """PDT of a position on the output timeline (the re-timed clock under strip)."""
        return self.anchor + datetime.timedelta(seconds=out_t)

    def wall(self, source_t):
        return source_t - self.start_at + self.publish_delay

    def _moments(self):
        moments = set()
        for s in self.segments:
            moments.add(self.wall(self.source_of(s.position + s.duration, end=True)))
        moments.update(self.wall(t.at) for t in self.tags)
        moments.update(self.wall(f.at) for f in self.lists)
        return sorted(m for m in moments if m >= 0)

    def _write(self, path, text):
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)

    def _playlist(self, clock):
        listed = [s for s in self.segments if self.source_of(s.position + s.duration, end=True) <= clock + 1e-6]
        if not listed or sum(s.duration for s in listed) < self.hold - 1e-6:
            return None
        ended = len(listed) == len(self.segments)
        first = 0
        if self.window:
            while sum(s.duration for s in listed[first + 1:]) >= self.window:
                first += 1
        shown = listed[first:]
        tags = [t for t in self.tags if t.at <= clock + 1e-6]
        rendered = [render_date_range(dict(t.attrs, **{"START-DATE": pl.format_date(self.pdt(t.span_start))}))
                    for t in tags]
        lines = ["#EXTM3U", f"#EXT-X-VERSION:{7 if self.map_uri else 3}", f"#EXT-X-TARGETDURATION:{self.target}",
                 f"#EXT-X-MEDIA-SEQUENCE:{self.segments.index(shown[0])}", "#EXT-X-INDEPENDENT-SEGMENTS"]
        if self.ext_start:
            lines.append(f"#EXT-X-START:{self.ext_start}")
        if self.map_uri:
            lines.append(f'#EXT-X-MAP:URI="{self.rel}/{self.map_uri}"')
        placed = set()
        for s in shown:
            for i, t in enumerate(tags):
                if i not in placed and t.span_start < s.position + s.duration - 1e-6:
                    lines.append(rendered[i])
                    placed.add(i)
            lines.append("#EXT-X-PROGRAM-DATE-TIME:" + pl.format_date(self.pdt(s.position)))
            lines.append(f"#EXTINF:{s.duration:.3f},")
            lines.append(f"{self.rel}/{s.uri}")
        lines += [rendered[i] for i in range(len(tags)) if i not in placed]
        if ended:
            lines.append("#EXT-X-ENDLIST")
        return "\n".join(lines) + "\n"

    def run(self):
        self.t0 = time.monotonic()
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        self.anchor = now - datetime.timedelta(seconds=self.out_of(self.start_at))
        for f in self.lists:
            if f.at <= self.start_at:
                self._write_list(f)
        for m in self._moments():
            if self._halt.wait(max(0.0, m - (time.monotonic() - self.t0))):
                return
            clock = m - self.publish_delay + self.start_at
            for f in self.lists:
                if abs(self.wall(f.at) - m) < 1e-6 and f.at > self.start_at:
                    self._write_list(f)
            text = self._playlist(clock)
            if text is not None:
                self._write(os.path.join(self.out_dir, "index.m3u8"), text)
                self.log.append((round(time.monotonic() - self.t0, 2), f"playlist at source {clock:.1f}"))
                self.published.set()

    def _write_list(self, f):
        path = os.path.join(self.out_dir, "lists", f"{f.event_id}.json")
        if f.assets is None:
            if os.path.exists(path):
                os.unlink(path)
        else:
            self._write(path, json.dumps({"ASSETS": f.assets}))
        self.log.append((round(time.monotonic() - self.t0, 2), f"list {f.event_id}: {len(f.assets or [])} asset(s)"))

    def stop(self):
        self._halt.set()
        self.join(timeout=5)
