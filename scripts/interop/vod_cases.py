"""VOD cases: `pkgctl vod` of each sample, TS and fMP4, strip and overlay, played to the end
by hls.js at 8x, plus the programme-start audio check on the first primary segment."""
import os
import subprocess

import audio
import oracle
import playlist as pl
import truth
from verdict import Verdict

SAMPLES = ("live_scte35", "stitched_vod")


class VodCase:
    group = "vod"

    def __init__(self, sample, fmt, placement):
        self.sample, self.fmt, self.placement = sample, fmt, placement
        self.name = f"vod-{sample}-{fmt}-{placement}"
        self.what = f"pkgctl vod samples/{sample}.ts --segment-format {fmt} --placement {placement}; hls.js at 8x to the end"

    def run(self, ctx):
        work = oracle.scratch_dir(ctx.work, self.name)
        out = os.path.join(work, "out")
        port = oracle.free_port()
        source = os.path.join(oracle.REPO, "samples", f"{self.sample}.ts")
        made = subprocess.run([ctx.pkgctl, "vod", source, "-o", out, "--segment-format", self.fmt,
                               "--placement", self.placement, "--asset-base-url", f"http://127.0.0.1:{port}/"],
                              capture_output=True, text=True, timeout=300)
        if made.returncode != 0:
            return ctx.error(self, f"pkgctl vod exited {made.returncode}: {made.stderr.strip()[-300:]}")
        run = oracle.Run(ctx.runner, os.path.join(out, "master.m3u8"), out, port,
                         os.path.join(work, "hlsjs.json"), rate=8, timeout=240, stall=20)
        rc, result = run.wait()
        v = self.judge(work, result, rc)
        if result is None:
            v.notes.append(run.stderr_tail(400))
        return v

    def judge(self, work, result, rc=None):
        """The verdict on a run's saved files (also used by `interop.py --rejudge`)."""
        out = os.path.join(work, "out")
        source = os.path.join(oracle.REPO, "samples", f"{self.sample}.ts")
        media = pl.read(os.path.join(out, "primary", "index.m3u8"))
        v = Verdict(self.name, result, truth.SAMPLES[self.sample](), self.placement, media.first_pdt,
                    stall_limit=media.target_duration or 6, rc=rc)
        missing, times, wanted, _ = audio.first_segment_loss(source, os.path.join(out, "primary"))
        v.audio = audio.describe(missing, times, wanted)
        if missing:
            v.failures.append(f"first primary segment lacks {missing} of the source's {wanted} audio frames "
                              f"(source t {times[0]:+.3f}..{times[-1]:+.3f} s)")
        v.work = work
        return v


def cases():
    return [VodCase(s, f, p) for s in SAMPLES for f in ("ts", "fmp4") for p in ("strip", "overlay")]
