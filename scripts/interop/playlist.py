"""Just enough HLS media-playlist reading for the interop harness: segments with their PDT,
date ranges with their attributes, and the numbers a live check needs. Not a validator
(`pkgctl validate` is); it reads what pkgctl and the live simulator write."""
import datetime
import re

_ATTR = re.compile(r'([A-Z0-9-]+)=("[^"]*"|[^,]*)')


def parse_attributes(text):
    out = {}
    for key, value in _ATTR.findall(text):
        out[key] = value[1:-1] if value.startswith('"') else value
    return out


def parse_date(text):
    """ISO 8601 with Z or an offset, fractional seconds optional -> aware datetime."""
    t = text.strip().replace("Z", "+00:00")
    return datetime.datetime.fromisoformat(t)


def format_date(d):
    return d.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + \
        f"{d.microsecond // 1000:03d}Z"


class Segment:
    def __init__(self, uri, duration, pdt, position, discontinuity, gap):
        self.uri = uri
        self.duration = duration
        self.pdt = pdt              # datetime or None
        self.position = position    # seconds from the first segment of this playlist
        self.discontinuity = discontinuity
        self.gap = gap

    @property
    def end_pdt(self):
        return self.pdt + datetime.timedelta(seconds=self.duration) if self.pdt else None


class DateRange:
    def __init__(self, attributes, after_segments):
        self.attributes = attributes
        self.after_segments = after_segments  # how many segments preceded the tag

    @property
    def id(self):
        return self.attributes.get("ID")

    @property
    def start_date(self):
        s = self.attributes.get("START-DATE")
        return parse_date(s) if s else None

    def number(self, key):
        v = self.attributes.get(key)
        try:
            return float(v) if v is not None else None
        except ValueError:
            return None


class MediaPlaylist:
    def __init__(self, text):
        self.text = text
        self.segments = []
        self.date_ranges = []
        self.target_duration = None
        self.media_sequence = 0
        self.endlist = False
        self.playlist_type = None
        self.start = None
        self.map_uri = None
        pdt = None
        pending_disc = False
        pending_gap = False
        duration = None
        position = 0.0
        for raw in text.splitlines():
            line = raw.strip()
            if not line:
                continue
            if line.startswith("#EXT-X-TARGETDURATION:"):
                self.target_duration = int(line.split(":", 1)[1])
            elif line.startswith("#EXT-X-MEDIA-SEQUENCE:"):
                self.media_sequence = int(line.split(":", 1)[1])
            elif line.startswith("#EXT-X-PLAYLIST-TYPE:"):
                self.playlist_type = line.split(":", 1)[1]
            elif line.startswith("#EXT-X-ENDLIST"):
                self.endlist = True
            elif line.startswith("#EXT-X-START:"):
                self.start = parse_attributes(line.split(":", 1)[1])
            elif line.startswith("#EXT-X-MAP:"):
                self.map_uri = parse_attributes(line.split(":", 1)[1]).get("URI")
            elif line.startswith("#EXT-X-PROGRAM-DATE-TIME:"):
                pdt = parse_date(line.split(":", 1)[1])
            elif line.startswith("#EXT-X-DISCONTINUITY") and not line.startswith("#EXT-X-DISCONTINUITY-SEQUENCE"):
                pending_disc = True
            elif line.startswith("#EXT-X-GAP"):
                pending_gap = True
            elif line.startswith("#EXTINF:"):
                duration = float(line.split(":", 1)[1].split(",", 1)[0])
            elif line.startswith("#EXT-X-DATERANGE:"):
                self.date_ranges.append(DateRange(parse_attributes(line.split(":", 1)[1]), len(self.segments)))
            elif not line.startswith("#") and duration is not None:
                if pdt is None and self.segments and self.segments[-1].pdt is not None:
                    pdt = self.segments[-1].end_pdt
                self.segments.append(Segment(line, duration, pdt, position, pending_disc, pending_gap))
                position += duration
                pdt = None
                duration = None
                pending_disc = pending_gap = False

    @property
    def duration(self):
        return sum(s.duration for s in self.segments)

    @property
    def first_pdt(self):
        return self.segments[0].pdt if self.segments else None

    @property
    def end_pdt(self):
        return self.segments[-1].end_pdt if self.segments else None

    def merged_date_ranges(self):
        """Same-ID tags merged in order (later tags add attributes): ID -> attributes."""
        merged = {}
        for dr in self.date_ranges:
            merged.setdefault(dr.id, {}).update(dr.attributes)
        return merged

    def interstitials(self):
        return {k: v for k, v in self.merged_date_ranges().items()
                if v.get("CLASS") == "com.apple.hls.interstitial"}


def read(path):
    with open(path, encoding="utf-8") as f:
        return MediaPlaylist(f.read())


def variant_uris(master_text):
    """Media playlist URIs of a multivariant playlist (EXT-X-STREAM-INF lines)."""
    out = []
    take = False
    for line in master_text.splitlines():
        line = line.strip()
        if line.startswith("#EXT-X-STREAM-INF"):
            take = True
        elif take and line and not line.startswith("#"):
            out.append(line)
            take = False
    return out
