"""Audio at programme start: every audio frame of the source that lies within the first primary
segment's time span must be in that segment. Compared with `ffprobe -show_packets` of the
source and of the segment (fMP4: init + segment), timestamps taken relative to each file's first
video frame."""
import json
import os
import shutil
import subprocess
import tempfile

import playlist as pl


def _packets(path, stream):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", stream, "-show_entries",
                          "packet=pts_time,duration_time", "-of", "json", path],
                         capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"ffprobe {path}: {out.stderr.strip()[-300:]}")
    pkts = json.loads(out.stdout).get("packets", [])
    return [(float(p["pts_time"]), float(p.get("duration_time") or 0)) for p in pkts if "pts_time" in p]


def _first_segment_file(primary_dir, scratch):
    media = pl.read(os.path.join(primary_dir, "index.m3u8"))
    if not media.segments:
        raise RuntimeError(f"{primary_dir}/index.m3u8 lists no segment")
    seg = os.path.join(primary_dir, media.segments[0].uri)
    if media.map_uri:
        joined = os.path.join(scratch, "first.mp4")
        with open(joined, "wb") as out:
            for part in (os.path.join(primary_dir, media.map_uri), seg):
                with open(part, "rb") as f:
                    shutil.copyfileobj(f, out)
        return joined, media.segments[0].duration
    return seg, media.segments[0].duration


def first_segment_loss(source, primary_dir):
    """(missing frame count, missing source times, source frames expected, note)."""
    if not shutil.which("ffprobe"):
        return None, [], 0, "no ffprobe"
    scratch = tempfile.mkdtemp(prefix="interop-audio-")
    try:
        seg, seg_dur = _first_segment_file(primary_dir, scratch)
        src_v = _packets(source, "v:0")
        out_v = _packets(seg, "v:0")
        src_a = _packets(source, "a:0")
        out_a = _packets(seg, "a:0")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if not (src_v and out_v and src_a):
        return None, [], 0, "no video or audio packets"
    v0 = min(p for p, _ in src_v)
    o0 = min(p for p, _ in out_v)
    # the segment covers source time [first audio frame, segment end); audio may lead video
    end = seg_dur
    wanted = sorted(round(p - v0, 4) for p, _ in src_a if p - v0 < end - 0.05)
    got = {round(p - o0, 3) for p, _ in out_a}
    missing = [t for t in wanted if not any(abs(t - g) < 0.002 for g in got)]
    return len(missing), missing, len(wanted), ""


def describe(missing, times, wanted):
    if missing is None:
        return "n/a"
    if missing == 0:
        return f"ok ({wanted})"
    first = times[0]
    last = times[-1]
    return f"-{missing} of {wanted} ({first:+.3f}..{last:+.3f} s)"
