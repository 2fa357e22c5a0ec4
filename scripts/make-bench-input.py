#!/usr/bin/env python3
"""Makes the `pkgctl vod` benchmark input once (cached): a 5-minute 1280x720 30 fps H.264 + AAC
MPEG-TS from ffmpeg (testsrc2 + sine, IDR every 2 s, ~3 Mbps), then SCTE-35 injected here:

- a splice_insert OUT/IN pair every 60 s (OUT at t = 30, 90, …, IN 20 s later; OUT carries a
  20 s break_duration with auto_return), t = seconds since the first video frame;
- sections on a new PID 0x1F5, listed in every PMT with stream_type 0x86 and a program-level
  `CUEI` registration descriptor (the PMT CRC is recomputed);
- each section alone in one TS packet (PUSI=1, pointer_field 0, 0xFF stuffing, the PID's own
  continuity counter), inserted where the video PTS reaches 4 s before its splice.

With `--renditions 2` a second video stream, 640x360 at 1 Mb/s made from the same pictures
(keyframes on the same frames), goes beside the first (vod-bench-5min-2r.ts; the cues follow the
first video stream).

Usage: scripts/make-bench-input.py [OUTDIR] [--renditions 1|2]   (prints the path of the TS)
"""
import os
import subprocess
import sys

DURATION = 300           # seconds
SPLICE_EVERY = 60
FIRST_OUT = 30
BREAK = 20
LEAD = 4                 # a cue arrives this long before its splice
SCTE_PID = 0x1F5
CUEI_REGISTRATION = bytes([0x05, 0x04]) + b"CUEI"
WRAP = 1 << 33


def crc32_mpeg2(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else (crc << 1)
            crc &= 0xFFFFFFFF
    return crc


class Bits:
    def __init__(self):
        self.value = 0
        self.count = 0

    def put(self, value, bits):
        self.value = (self.value << bits) | (value & ((1 << bits) - 1))
        self.count += bits

    def bytes(self):
        assert self.count % 8 == 0, self.count
        return self.value.to_bytes(self.count // 8, "big")


def splice_time(pts):
    b = Bits()
    b.put(1, 1)              # time_specified_flag
    b.put(0x3F, 6)
    b.put(pts % WRAP, 33)
    return b.bytes()


def splice_insert(event_id, out, pts, break_ticks=None):
    b = Bits()
    b.put(event_id, 32)
    b.put(0, 1)              # splice_event_cancel_indicator
    b.put(0x7F, 7)
    b.put(1 if out else 0, 1)  # out_of_network_indicator
    b.put(1, 1)              # program_splice_flag
    b.put(1 if break_ticks is not None else 0, 1)  # duration_flag
    b.put(0, 1)              # splice_immediate_flag
    b.put(0xF, 4)
    command = b.bytes() + splice_time(pts)
    if break_ticks is not None:
        d = Bits()
        d.put(1, 1)          # auto_return
        d.put(0x3F, 6)
        d.put(break_ticks, 33)
        command += d.bytes()
    tail = Bits()
    tail.put(event_id & 0xFFFF, 16)  # unique_program_id
    tail.put(0, 8)           # avail_num
    tail.put(0, 8)           # avails_expected
    return command + tail.bytes()


def splice_info_section(command_type, command):
    body = Bits()
    body.put(0, 8)           # protocol_version
    body.put(0, 1)           # encrypted_packet
    body.put(0, 6)           # encryption_algorithm
    body.put(0, 33)          # pts_adjustment
    body.put(0xFF, 8)        # cw_index
    body.put(0xFFF, 12)      # tier
    body.put(len(command), 12)
    body.put(command_type, 8)
    payload = body.bytes() + command + bytes([0, 0])  # descriptor_loop_length 0
    head = Bits()
    head.put(0xFC, 8)        # table_id
    head.put(0, 1)           # section_syntax_indicator
    head.put(0, 1)           # private_indicator
    head.put(3, 2)           # sap_type: not specified
    head.put(len(payload) + 4, 12)
    section = head.bytes() + payload
    return section + crc32_mpeg2(section).to_bytes(4, "big")


def section_packet(section, cc):
    header = bytes([0x47, 0x40 | (SCTE_PID >> 8), SCTE_PID & 0xFF, 0x10 | (cc & 0x0F)])
    packet = header + b"\x00" + section
    assert len(packet) <= 188
    return packet + b"\xff" * (188 - len(packet))


def payload_of(packet):
    afc = (packet[3] >> 4) & 3
    if afc == 1:
        return 4
    if afc == 3:
        return 5 + packet[4]
    return None


def rewrite_pmt(packet):
    """The PMT (one section in one packet, as ffmpeg writes it) with the SCTE-35 PID added."""
    start = payload_of(packet)
    start += 1 + packet[start]                  # pointer_field
    s = packet[start:]
    length = ((s[1] & 0x0F) << 8) | s[2]
    end = 3 + length - 4
    info_length = ((s[10] & 0x0F) << 8) | s[11]
    program_info = s[12:12 + info_length]
    streams = s[12 + info_length:end]
    if CUEI_REGISTRATION not in program_info:
        program_info = program_info + CUEI_REGISTRATION
    entry = bytes([0x86, 0xE0 | (SCTE_PID >> 8), SCTE_PID & 0xFF, 0xF0, 0x00])
    i = 0
    listed = False
    while i + 5 <= len(streams):
        pid = ((streams[i + 1] & 0x1F) << 8) | streams[i + 2]
        listed = listed or pid == SCTE_PID
        i += 5 + (((streams[i + 3] & 0x0F) << 8) | streams[i + 4])
    if not listed:
        streams = streams + entry
    body = s[3:10] + bytes([0xF0 | (len(program_info) >> 8), len(program_info) & 0xFF]) + program_info + streams
    section_length = len(body) + 4
    section = bytes([0x02, 0xB0 | (section_length >> 8), section_length & 0xFF]) + body
    section += crc32_mpeg2(section).to_bytes(4, "big")
    out = bytes([packet[0], packet[1], packet[2], (packet[3] & 0xCF) | 0x10, 0x00]) + section
    assert len(out) <= 188, "PMT no longer fits one packet"
    return out + b"\xff" * (188 - len(out))


def pes_pts(packet):
    start = payload_of(packet)
    if start is None or not packet[1] & 0x40:
        return None
    p = packet[start:]
    if len(p) < 14 or p[0:3] != b"\x00\x00\x01" or not p[7] & 0x80:
        return None
    b = p[9:14]
    return (((b[0] >> 1) & 7) << 30) | (b[1] << 22) | ((b[2] >> 1) << 15) | (b[3] << 7) | (b[4] >> 1)


def programme_pids(ts):
    """(PMT PID, video PID) from the first PAT and PMT."""
    pmt_pid = video_pid = None
    for off in range(0, len(ts) - 187, 188):
        p = ts[off:off + 188]
        pid = ((p[1] & 0x1F) << 8) | p[2]
        start = payload_of(p)
        if start is None or not p[1] & 0x40:
            continue
        s = p[start + 1 + p[start]:]
        if pid == 0 and pmt_pid is None:
            pmt_pid = ((s[10] & 0x1F) << 8) | s[11]
        elif pid == pmt_pid:
            end = 3 + (((s[1] & 0x0F) << 8) | s[2]) - 4
            i = 12 + (((s[10] & 0x0F) << 8) | s[11])
            while i + 5 <= end:
                if s[i] == 0x1B:
                    video_pid = ((s[i + 1] & 0x1F) << 8) | s[i + 2]
                i += 5 + (((s[i + 3] & 0x0F) << 8) | s[i + 4])
            return pmt_pid, video_pid
    raise SystemExit("make-bench-input: no PAT/PMT found")


def inject(ts):
    pmt_pid, video_pid = programme_pids(ts)
    t0 = None
    cues = []                # (arrival pts, section), in order
    out = bytearray()
    cc = 0
    next_cue = 0
    for off in range(0, len(ts) - 187, 188):
        p = ts[off:off + 188]
        pid = ((p[1] & 0x1F) << 8) | p[2]
        if pid == video_pid:
            pts = pes_pts(p)
            if pts is not None:
                if t0 is None:
                    t0 = pts
                    for k, t in enumerate(range(FIRST_OUT, DURATION, SPLICE_EVERY)):
                        event = 5000 + k
                        out_pts, in_pts = t0 + t * 90000, t0 + (t + BREAK) * 90000
                        cues.append((out_pts - LEAD * 90000,
                                     splice_info_section(5, splice_insert(event, True, out_pts, BREAK * 90000))))
                        cues.append((in_pts - LEAD * 90000, splice_info_section(5, splice_insert(event, False, in_pts))))
                while next_cue < len(cues) and pts >= cues[next_cue][0]:
                    out += section_packet(cues[next_cue][1], cc)
                    cc = (cc + 1) & 0x0F
                    next_cue += 1
        if pid == pmt_pid and p[1] & 0x40:
            p = rewrite_pmt(p)
        out += p
    if next_cue != len(cues):
        raise SystemExit(f"make-bench-input: only {next_cue} of {len(cues)} cues placed")
    return bytes(out), len(cues)


def encode(raw, renditions):
    """The ffmpeg command of the un-cued input."""
    video = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
             "-g", "60", "-keyint_min", "60", "-sc_threshold", "0"]
    if renditions == 1:
        maps = ["-b:v", "3M", "-maxrate", "3M", "-bufsize", "6M"]
    else:
        maps = ["-filter_complex", "[0:v]split=2[hi][lo0];[lo0]scale=640:360[lo]", "-map", "[hi]", "-map", "[lo]", "-map", "1:a",
                "-b:v:0", "3M", "-maxrate:v:0", "3M", "-bufsize:v:0", "6M",
                "-b:v:1", "1M", "-maxrate:v:1", "1M", "-bufsize:v:1", "2M"]
    return ["ffmpeg", "-v", "error", "-nostdin", "-y",
            "-f", "lavfi", "-i", f"testsrc2=size=1280x720:rate=30:duration={DURATION}",
            "-f", "lavfi", "-i", f"sine=frequency=1000:sample_rate=48000:duration={DURATION}",
            *maps, *video, "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-f", "mpegts", raw + ".part"]


def main():
    args = sys.argv[1:]
    renditions = 1
    if "--renditions" in args:
        i = args.index("--renditions")
        if i + 1 >= len(args) or args[i + 1] not in ("1", "2"):
            sys.exit("make-bench-input: --renditions takes 1 or 2")
        renditions = int(args[i + 1])
        del args[i:i + 2]
    outdir = args[0] if args else "bench-out"
    os.makedirs(outdir, exist_ok=True)
    name = "vod-bench-5min" if renditions == 1 else "vod-bench-5min-2r"
    final = os.path.join(outdir, name + ".ts")
    if os.path.exists(final) and os.path.getsize(final) > 0:
        print(final)
        return
    raw = os.path.join(outdir, name + ".raw.ts")
    if not (os.path.exists(raw) and os.path.getsize(raw) > 0):
        subprocess.run(encode(raw, renditions), check=True)
        os.replace(raw + ".part", raw)
    with open(raw, "rb") as f:
        ts = f.read()
    injected, count = inject(ts)
    with open(final + ".part", "wb") as f:
        f.write(injected)
    os.replace(final + ".part", final)
    os.remove(raw)
    print(f"make-bench-input: {count} SCTE-35 sections on PID 0x{SCTE_PID:X}", file=sys.stderr)
    print(final)


if __name__ == "__main__":
    main()
