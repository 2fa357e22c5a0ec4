"""Live cases: `pkgctl live -i samples/live_scte35.ts --realtime --speed 1` written into a
directory that the hls.js runner serves (so asset URIs use the runner's port), a viewer joining
at a chosen wall time, played in real time until ENDLIST (`--endlist-on-exit`)."""
import json
import os
import shutil
import subprocess

import audio
import oracle
import playlist as pl
import truth
from live_channel import LiveChannel
from verdict import Verdict

SOURCE = os.path.join(oracle.REPO, "samples", "live_scte35.ts")
PROGRAMME = 180.0   # seconds of media in the sample


class LiveCase:
    group = "live"

    def __init__(self, name, what, join=None, placement="overlay", extra=(), start=None, config=None,
                 seek_back_to=None, stall_limit=None, ad_server=False):
        self.name, self.what, self.join, self.placement = name, what, join, placement
        self.extra, self.start, self.config = list(extra), start, config
        self.seek_back_to, self.stall_limit, self.ad_server = seek_back_to, stall_limit, ad_server

    def run(self, ctx):
        work = oracle.scratch_dir(ctx.work, self.name)
        out = os.path.join(work, "out")
        os.makedirs(out)
        port = oracle.free_port()
        base = f"http://127.0.0.1:{port}/"
        extra = list(self.extra)
        if self.placement != "overlay":
            extra += ["--placement", self.placement]
        if self.ad_server:
            extra += ["--asset-list-template", ad_server(ctx, out, base)]
        channel = LiveChannel(ctx.pkgctl, SOURCE, out, base, extra, os.path.join(work, "pkgctl-live.log"))
        with channel:
            # pkgctl holds the first version until it lists three target durations; a strip
            # channel whose recap is cut out gets there only at about 30 s of input
            first = channel.wait_until(lambda p: p.segments, 60, "the first playlist")
            if self.join:
                channel.wait_elapsed(self.join)
            latest = channel.recorder.latest()
            actions = None
            if self.seek_back_to is not None:
                # hls.js starts about three target durations behind the edge; seek back once
                # it has played a few seconds there
                edge = latest.duration
                actions = [{"when": max(1.0, edge - 3 * latest.target_duration + 6), "seek": self.seek_back_to,
                            "timeline": "primary"}]
            behind = (self.seek_back_to is not None) * 90
            timeout = max(60.0, PROGRAMME + 10 - channel.elapsed()) + 80 + behind
            run = oracle.Run(ctx.runner, os.path.join(out, "master.m3u8"), out, port,
                             os.path.join(work, "hlsjs.json"), rate=1, start=self.start, config=self.config,
                             actions=actions, timeout=timeout, stall=45,
                             extra=["--verbose"] if os.environ.get("INTEROP_VERBOSE") else None)
            joined_at = round(channel.elapsed(), 1)
            rc, result = run.wait()
        save_versions(channel.recorder, work)
        v = self.judge(work, result, rc)
        v.joined_wall = joined_at
        if result is None:
            v.notes.append(run.stderr_tail(400))
        return v

    def judge(self, work, result, rc=None):
        """The verdict on a run's saved files (also used by `interop.py --rejudge`)."""
        first = pl.read(os.path.join(work, "first-segment", "index.m3u8"))
        limit = self.stall_limit or first.target_duration or 6
        v = Verdict(self.name, result, truth.live_scte35(), self.placement, first.first_pdt, stall_limit=limit,
                    rc=rc, join_override=self.seek_back_to)
        missing, times, wanted, _ = audio.first_segment_loss(SOURCE, os.path.join(work, "first-segment"))
        v.audio = audio.describe(missing, times, wanted)
        if missing:
            v.failures.append(f"first primary segment lacks {missing} of the source's {wanted} audio frames")
        v.work = work
        return v


def save_versions(recorder, work):
    """Every playlist and asset-list version with its wall time, for later reading."""
    with open(os.path.join(work, "versions.json"), "w") as f:
        json.dump({"primary": recorder.versions, "asset_lists": recorder.lists}, f)


def ad_server(ctx, out, base):
    """A static 'ad decision server' inside the served directory: one 15 s ad (the stitched
    sample's first ad, cut by pkgctl vod) in a pod list that every ad break gets."""
    cache = os.path.join(ctx.work, "ad-source")
    if not os.path.isdir(os.path.join(cache, "assets")):
        shutil.rmtree(cache, ignore_errors=True)
        subprocess.run([ctx.pkgctl, "vod", os.path.join(oracle.REPO, "samples", "stitched_vod.ts"), "-o", cache,
                        "--placement", "strip"], check=True, capture_output=True, timeout=300)
    ad = os.path.join(cache, "assets", sorted(os.listdir(os.path.join(cache, "assets")))[0])
    dest = os.path.join(out, "adserver", "ad-15s")
    shutil.copytree(ad, dest)
    duration = pl.read(os.path.join(dest, "index.m3u8")).duration
    with open(os.path.join(out, "adserver", "ad.json"), "w") as f:
        json.dump({"ASSETS": [{"URI": base + "adserver/ad-15s/index.m3u8", "DURATION": duration}]}, f)
    return base + "adserver/{kind}.json"


def cases():
    return [
        LiveCase("live-start", "viewer opens the channel at its first playlist (live edge, channel start)"),
        LiveCase("live-start-pos0", "viewer at channel start with hls.js startPosition 0 (the channel-start workaround): "
                 "plays about one segment behind the edge into the first ad", start=0),
        LiveCase("live-midbreak", "viewer joins at wall 66 s: hls.js starts ~18 s behind the edge, inside the 30-60 s ad",
                 join=66),
        LiveCase("live-late", "viewer joins at wall 85 s, after the first ad, before the 90-110 s one", join=85),
        LiveCase("live-dvr", "--window 300s; joins at wall 80 s, seeks back in the primary to 25 s, over the 30-60 s ad",
                 join=80, extra=["--window", "300s"], seek_back_to=25.0),
        LiveCase("live-strip", "--placement strip; joins at wall 20 s (a stripped span may pause the viewer up to its length)",
                 join=20, placement="strip", stall_limit=30.0),
        LiveCase("live-adserver", "--asset-list-template (a static pod: one 15 s ad); joins at wall 35 s, "
                 "after the recap, 18 s behind the edge", join=35, ad_server=True),
        LiveCase("live-adserver-pos0", "--asset-list-template; viewer at channel start with startPosition 0 (near the edge)",
                 start=0, ad_server=True),
    ]
