"""The live tag shapes measured for issue 14, as scripted channels (simlive.Channel) over the
segments of live_scte35.ts (overlay: the primary keeps every span). Source times: ad 1001 at
30-60 s (its splice_insert arrives about 4.5 s ahead, at 25.5 s), PPO 3001 at 90-110 s, recap
2001 at 2-12 s. `{base}` becomes the runner's http://127.0.0.1:PORT/."""
from simlive import ListFile, Tag
from truth import Span

I = "com.apple.hls.interstitial"
AD_LIST = "{base}live/lists/ad-1001-1.json"
OWN_30 = [{"URI": "{base}assets/ad-1001-1/index.m3u8", "DURATION": 30}]   # the span's own media
POD_15 = [{"URI": "{base}adserver/ad-15s/index.m3u8", "DURATION": 15}]     # an ad server's 15 s pod
AD_ATTRS = {"X-RESTRICT": "SKIP,JUMP", "X-CONTENT-MAY-VARY": "YES", "X-TIMELINE-STYLE": "HIGHLIGHT"}
AD = Span(1001, "ad", 30.0, 60.0)
CUE_AT = 25.5          # splice_insert arrival, 4.5 s before its splice
LISTED_AT = 36.0       # the segment that starts at the splice (30-36) is listed
IN_AT = 60.0           # the in-cue / end of the break


class Scenario:
    def __init__(self, name, group, question, spans, tags, lists, start_at=0.0, end_at=75.0, hold=18.0,
                 ext_start=None, join=None, start=None, config=None, shaka=False, strip=(), stall_limit=6.0):
        self.name, self.group, self.question = name, group, question
        self.strip, self.stall_limit = list(strip), stall_limit   # strip: source spans cut out of the primary
        self.spans, self.tags, self.lists = spans, tags, lists
        self.start_at, self.end_at, self.hold, self.ext_start = start_at, end_at, hold, ext_start
        self.join, self.start, self.config, self.shaka = join, start, config or {}, shaka


def announce(at, **extra):
    attrs = {"ID": "ad-1001-1", "CLASS": I, "PLANNED-DURATION": 30, "X-ASSET-LIST": AD_LIST, **AD_ATTRS}
    attrs.update({k.replace("_", "-"): v for k, v in extra.items()})
    return Tag(at, attrs, AD.start)


def complete(at, **attrs):
    return Tag(at, {"ID": "ad-1001-1", "CLASS": I, **{k.replace("_", "-"): v for k, v in attrs.items()}}, AD.start)


def empty_then_own():
    return [ListFile(CUE_AT, "ad-1001-1", []), ListFile(IN_AT + 0.5, "ad-1001-1", OWN_30)]


def overlay_without_ad_server():
    out = []
    shapes = {
        "a1-empty-list": ("today: empty list at the cue, filled after the break; no X-RESUME-OFFSET until the in-cue",
                          [announce(CUE_AT), complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)], empty_then_own()),
        "a2-empty-list-resume-span": ("empty list at the cue + X-RESUME-OFFSET=30 (the planned span) in the announce",
                                      [announce(CUE_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)],
                                      empty_then_own()),
        "a3-empty-list-resume-0": ("empty list at the cue + X-RESUME-OFFSET=0 in the announce",
                                   [announce(CUE_AT, X_RESUME_OFFSET=0), complete(IN_AT + 0.5, DURATION=30)],
                                   empty_then_own()),
        "a4-tag-when-complete": ("no tag while live; the interstitial appears after the break, list complete",
                                 [announce(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)],
                                 [ListFile(IN_AT + 0.5, "ad-1001-1", OWN_30)]),
        "a5-metadata-then-interstitial": (
            "SCTE35 date range without CLASS while live; interstitial (own ID, X-ASSET-URI) once the asset is complete",
            [Tag(CUE_AT, {"ID": "splice-1001", "PLANNED-DURATION": 30, "SCTE35-OUT": "0xFC30"}, AD.start),
             Tag(IN_AT + 0.5, {"ID": "splice-1001", "DURATION": 30, "SCTE35-IN": "0xFC30"}, AD.start),
             Tag(IN_AT + 0.5, {"ID": "ad-1001-1", "CLASS": I, "DURATION": 30, "X-ASSET-URI": OWN_30[0]["URI"],
                               "X-RESUME-OFFSET": 30, **AD_ATTRS}, AD.start)], []),
    }
    for key, (q, tags, lists) in shapes.items():
        out.append(Scenario(key + "-edge", "a", q + "; viewer at the live edge", [AD], tags, lists, shaka=True))
        out.append(Scenario(key + "-dvr", "a", q + "; viewer joins at 70 s, 50 s behind (start 20)", [AD], tags, lists,
                            end_at=105.0, join=70.0, start=20.0))
    return out


def announcement_timing():
    full = [ListFile(0.0, "ad-1001-1", POD_15)]
    done = complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)
    return [
        Scenario("b1-cue-time", "b", "ad server; tag at the cue (4.5 s before the splice, its segment not listed)",
                 [AD], [announce(CUE_AT), done], full, shaka=True),
        Scenario("b2-segment-listed", "b", "ad server; tag once the segment starting at START-DATE is listed",
                 [AD], [announce(LISTED_AT), done], full, shaka=True),
        Scenario("b3-segment-listed-snap", "b", "b2 + X-SNAP=\"OUT,IN\"", [AD], [announce(LISTED_AT, X_SNAP="OUT,IN"), done], full),
        Scenario("b4-at-playlist-end", "b", "tag when START-DATE is exactly the playlist end (30.0 s listed)",
                 [AD], [announce(30.0), done], full),
        Scenario("b5-cue-time-lookahead0", "b", "b1 with interstitialLiveLookAhead: 0", [AD], [announce(CUE_AT), done], full,
                 config={"interstitialLiveLookAhead": 0}),
        Scenario("b6-cue-time-no-in-place", "b", "b1 with interstitialAppendInPlace: false", [AD], [announce(CUE_AT), done],
                 full, config={"interstitialAppendInPlace": False}),
        Scenario("b7-segment-listed-resume", "b", "b2 + X-RESUME-OFFSET=30 in the announce",
                 [AD], [announce(LISTED_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full, shaka=True),
        Scenario("b8-cue-time-resume", "b", "b1 + X-RESUME-OFFSET=30 in the announce",
                 [AD], [announce(CUE_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full),
        Scenario("b9-segment-listed-resume-no-in-place", "b", "b7 with interstitialAppendInPlace: false",
                 [AD], [announce(LISTED_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full,
                 config={"interstitialAppendInPlace": False}),
    ]


def channel_start():
    recap = Span(2001, "recap", 2.0, 12.0)
    attrs = {"ID": "recap-2001-1", "CLASS": I, "PLANNED-DURATION": 10, "X-ASSET-LIST": "{base}live/lists/recap-2001-1.json",
             "X-CONTENT-MAY-VARY": "NO", "X-TIMELINE-OCCUPIES": "RANGE", "X-TIMELINE-STYLE": "PRIMARY"}
    tags = [Tag(0.3, attrs, 2.0), Tag(12.5, {"ID": "recap-2001-1", "CLASS": I, "DURATION": 10, "X-RESUME-OFFSET": 10}, 2.0)]
    lists = [ListFile(0.0, "recap-2001-1", []),
             ListFile(12.5, "recap-2001-1", [{"URI": "{base}assets/recap-2001-1/index.m3u8", "DURATION": 10}])]
    cases = [("c1-one-segment", "first playlist: one 2 s segment + the recap tag (today)", 0.0, None, tags),
             ("c2-hold-3td", "first playlist held until it holds 3 target durations (18 s)", 18.0, None, tags),
             ("c3-hold-2td", "first playlist held until 12 s (2 target durations)", 12.0, None, tags),
             ("c4-one-segment-start0", "one segment + EXT-X-START:TIME-OFFSET=0", 0.0, "TIME-OFFSET=0", tags),
             ("c5-one-segment-start-18", "one segment + EXT-X-START:TIME-OFFSET=-18", 0.0, "TIME-OFFSET=-18", tags),
             ("c6-one-segment-no-cue", "one segment, no date range in the channel's first minute", 0.0, None, [])]
    return [Scenario(n, "c", q, [recap] if t else [], t, lists if t else [], end_at=45.0, hold=h, ext_start=x)
            for n, q, h, x, t in cases]


def cancelled():
    full = [ListFile(0.0, "ad-1001-1", POD_15)]
    gone = Span(1001, "ad", 30.0, 60.0, cancelled=True)
    c = 27.0   # the cancel arrives 3 s before the splice, after the viewer has read the list
    shapes = [("d1-dur0-limit0", "DURATION=0,X-PLAYOUT-LIMIT=0", dict(DURATION=0, X_PLAYOUT_LIMIT=0), full, {}),
              ("d2-dur0-resume0-limit0", "DURATION=0,X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=0 (today)",
               dict(DURATION=0, X_RESUME_OFFSET=0, X_PLAYOUT_LIMIT=0), full, {}),
              ("d3-dur0-resume0", "DURATION=0,X-RESUME-OFFSET=0", dict(DURATION=0, X_RESUME_OFFSET=0), full, {}),
              ("d4-list-emptied", "d2 and the asset list answers {\"ASSETS\":[]} from the cancel on",
               dict(DURATION=0, X_RESUME_OFFSET=0, X_PLAYOUT_LIMIT=0), full + [ListFile(c, "ad-1001-1", [])], {}),
              ("d5-dur0-resume0-limit0-no-in-place", "d2 with interstitialAppendInPlace: false",
               dict(DURATION=0, X_RESUME_OFFSET=0, X_PLAYOUT_LIMIT=0), full, {"interstitialAppendInPlace": False})]
    return [Scenario(n, "d", "cancelled after the viewer read a full list; completion " + q, [gone],
                     [announce(CUE_AT), complete(c, **a)], lists, shaka=(n.startswith("d2") or n.startswith("d4")),
                     config=cfg)
            for n, q, a, lists, cfg in shapes]


def early_return():
    span = Span(3001, "ad", 90.0, 110.0)
    lst = "{base}live/lists/ad-3001-1.json"
    ann = Tag(85.5, {"ID": "ad-3001-1", "CLASS": I, "PLANNED-DURATION": 30, "X-ASSET-LIST": lst, **AD_ATTRS}, 90.0)
    full = [ListFile(66.0, "ad-3001-1", OWN_30)]   # a 30 s pod for a break that returns after 20 s
    shapes = [("e1-dur-resume-limit", dict(DURATION=20, X_RESUME_OFFSET=20, X_PLAYOUT_LIMIT=20)),
              ("e2-dur-limit", dict(DURATION=20, X_PLAYOUT_LIMIT=20)),
              ("e3-dur-resume", dict(DURATION=20, X_RESUME_OFFSET=20))]
    return [Scenario(n, "e", "planned 30 s, in-cue at 20 s, 30 s pod; completion " +
                     ",".join(f"{k.replace('_', '-')}={v}" for k, v in a.items()),
                     [span], [ann, Tag(110.5, {"ID": "ad-3001-1", "CLASS": I,
                                               **{k.replace("_", "-"): v for k, v in a.items()}}, 90.0)],
                     full, start_at=66.0, end_at=135.0, shaka=n.startswith("e1"))
            for n, a in shapes]


def near_edge():
    """The same shapes for a viewer close to the live edge: the channel publishes its first
    segment at once (no cue in its first seconds, so hls.js starts at 0) and the viewer plays
    about one segment behind the edge, as a viewer who opened the channel at its start does."""
    full = [ListFile(0.0, "ad-1001-1", POD_15)]
    done = complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)
    near = dict(hold=0.0)
    return [
        Scenario("n-a1-empty-list", "n", "a1 (today, no ad server), near the edge", [AD],
                 [announce(CUE_AT), complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)], empty_then_own(), **near),
        Scenario("n-a2-empty-list-resume-span", "n", "a2 (empty list + X-RESUME-OFFSET=30), near the edge", [AD],
                 [announce(CUE_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], empty_then_own(),
                 shaka=True, **near),
        Scenario("n-a4-tag-when-complete", "n", "a4 (tag once complete), near the edge", [AD],
                 [announce(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)], [ListFile(IN_AT + 0.5, "ad-1001-1", OWN_30)],
                 **near),
        Scenario("n-b1-cue-time", "n", "b1 (ad server, tag at the cue), near the edge", [AD], [announce(CUE_AT), done],
                 full, shaka=True, **near),
        Scenario("n-b2-segment-listed", "n", "b2 (tag once the splice segment is listed), near the edge", [AD],
                 [announce(LISTED_AT), done], full, **near),
        Scenario("n-b4-at-playlist-end", "n", "b4 (tag when START-DATE = playlist end), near the edge", [AD],
                 [announce(30.0), done], full, **near),
        Scenario("n-b6-cue-time-no-in-place", "n", "b1 + interstitialAppendInPlace:false, near the edge", [AD],
                 [announce(CUE_AT), done], full, config={"interstitialAppendInPlace": False}, **near),
        Scenario("n-b7-segment-listed-resume", "n", "b2 + X-RESUME-OFFSET=30 in the announce, near the edge", [AD],
                 [announce(LISTED_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full, **near),
        Scenario("n-b9-segment-listed-resume-no-in-place", "n", "b7 + interstitialAppendInPlace:false, near the edge",
                 [AD], [announce(LISTED_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full,
                 config={"interstitialAppendInPlace": False}, **near),
        Scenario("n-b8-cue-time-resume", "n", "b1 + X-RESUME-OFFSET=30 in the announce, near the edge", [AD],
                 [announce(CUE_AT, X_RESUME_OFFSET=30), complete(IN_AT + 0.5, DURATION=30)], full, **near),
        Scenario("n-d2-cancel-today", "n", "cancelled (DURATION=0,X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=0), near the edge",
                 [Span(1001, "ad", 30.0, 60.0, cancelled=True)],
                 [announce(CUE_AT), complete(27.0, DURATION=0, X_RESUME_OFFSET=0, X_PLAYOUT_LIMIT=0)], full, **near),
    ]


def recommended():
    """The shapes chosen from the runs above, checked for each kind of viewer: ad server (a
    15 s pod for a 30 s break) announced once the splice segment is listed, never an
    X-RESUME-OFFSET, completed with DURATION and X-PLAYOUT-LIMIT; and, without an ad server, an
    SCTE-35 date range while live plus the interstitial for the span's own asset once complete."""
    full = [ListFile(0.0, "ad-1001-1", POD_15)]
    ad_server = [announce(LISTED_AT), complete(IN_AT + 0.5, DURATION=30, X_PLAYOUT_LIMIT=30)]
    own = [Tag(CUE_AT, {"ID": "splice-1001", "PLANNED-DURATION": 30, "SCTE35-OUT": "0xFC30"}, AD.start),
           Tag(IN_AT + 0.5, {"ID": "splice-1001", "DURATION": 30, "SCTE35-IN": "0xFC30"}, AD.start),
           Tag(IN_AT + 0.5, {"ID": "ad-1001-1", "CLASS": I, "DURATION": 30, "X-ASSET-URI": OWN_30[0]["URI"],
                             "X-RESUME-OFFSET": 30, **AD_ATTRS}, AD.start)]
    dvr = dict(end_at=105.0, join=70.0, start=20.0)
    return [
        Scenario("r1-ad-server", "r", "ad server: tag when the splice segment is listed, no X-RESUME-OFFSET; "
                 "completion DURATION=30,X-PLAYOUT-LIMIT=30", [AD], ad_server, full, shaka=True),
        Scenario("r1-ad-server-near", "r", "r1, near the edge", [AD], ad_server, full, hold=0.0, shaka=True),
        Scenario("r1-ad-server-dvr", "r", "r1, viewer 50 s behind (join 70 s, start 20)", [AD], ad_server, full, **dvr),
        Scenario("r2-own-asset-near", "r", "a5 (metadata, then own-asset interstitial), near the edge", [AD], own, [],
                 hold=0.0, shaka=True),
        Scenario("b10-ad-server-resume-dvr", "b", "ad server, completed tag with X-RESUME-OFFSET=30, 15 s pod; "
                 "viewer 50 s behind", [AD], [announce(LISTED_AT), complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)],
                 full, **dvr),
        Scenario("n-b5-cue-time-lookahead0", "n", "b1 + interstitialLiveLookAhead:0, near the edge", [AD],
                 [announce(CUE_AT), complete(IN_AT + 0.5, DURATION=30, X_RESUME_OFFSET=30)], full, hold=0.0,
                 config={"interstitialLiveLookAhead": 0}),
    ]


def live_strip():
    """Strip: the primary has no segment for the span (the recap is stripped too, so the ad's
    splice is at 20 s on the re-timed clock); START-DATE on that clock."""
    recap = Span(2001, "recap", 2.0, 12.0)
    cut = [(2.0, 12.0), (30.0, 60.0)]
    at = 20.0
    base = {"ID": "ad-1001-1", "CLASS": I, **AD_ATTRS}
    own_uri = OWN_30[0]["URI"]
    shapes = [
        ("g1-strip-empty-list", "tag at the cue, empty list filled after the span, X-RESUME-OFFSET=0",
         [Tag(CUE_AT, dict(base, **{"PLANNED-DURATION": 30, "X-ASSET-LIST": AD_LIST, "X-RESUME-OFFSET": 0}), at),
          Tag(IN_AT + 0.5, {"ID": "ad-1001-1", "CLASS": I, "DURATION": 30}, at)], empty_then_own(), {}),
        ("g2-strip-tag-when-complete", "tag only once the asset is complete (X-ASSET-URI, DURATION=30, X-RESUME-OFFSET=0)",
         [Tag(IN_AT + 0.5, dict(base, **{"DURATION": 30, "X-ASSET-URI": own_uri, "X-RESUME-OFFSET": 0}), at)], [], {}),
        ("g3-strip-ad-server", "ad server (15 s pod) at the cue, X-RESUME-OFFSET=0",
         [Tag(CUE_AT, dict(base, **{"PLANNED-DURATION": 30, "X-ASSET-LIST": AD_LIST, "X-RESUME-OFFSET": 0}), at),
          Tag(IN_AT + 0.5, {"ID": "ad-1001-1", "CLASS": I, "DURATION": 30}, at)], [ListFile(0.0, "ad-1001-1", POD_15)], {}),
        ("g4-strip-tag-when-complete-dvr", "g2, viewer joins at 80 s with start 10 (re-timed clock)",
         [Tag(IN_AT + 0.5, dict(base, **{"DURATION": 30, "X-ASSET-URI": own_uri, "X-RESUME-OFFSET": 0}), at)], [],
         {"join": 80.0, "start": 10.0}),
    ]
    return [Scenario(n, "g", "strip; " + q, [recap, AD], tags, lists, start_at=12.0, end_at=96.0, strip=cut,
                     stall_limit=30.0, **kw) for n, q, tags, lists, kw in shapes]


def all_scenarios():
    return (overlay_without_ad_server() + announcement_timing() + channel_start() + cancelled() + early_return()
            + near_edge() + live_strip() + recommended())
