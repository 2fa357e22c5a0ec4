/// The live shapes, chosen by measuring hls.js 1.6.16 and Shaka 5.0.4 at the live edge, near
/// it and in DVR (make interop; the evidence is in docs/interop.md):
/// - with an ad-decision server the interstitial is announced without DURATION, X-RESUME-OFFSET
///   or X-PLAYOUT-LIMIT and completed with DURATION, SCTE35-IN and X-PLAYOUT-LIMIT (the actual
///   length): an announced X-RESUME-OFFSET froze hls.js for good at the end of a pod shorter than
///   the break, and an hls.js maintainer advises against it in live (video-dev/hls.js #7269);
///   with it absent the player resumes where the pod ends, which the spec allows (D.2);
/// - with the span's own media there is nothing to offer until the span is over (an asset list
///   that is empty when read blocks hls.js until the completion and is never re-read): while live
///   the span is SCTE-35 date-range metadata only (no CLASS: players ignore it, SSAI systems read
///   it), and the interstitial appears once, complete, when the extracted asset is stored —
///   for DVR viewers and the live-to-VOD archive.
extension InterstitialPolicy {
    /// The interstitial an ad-decision server fills, as first published live.
    public func liveAnnouncement(for span: SpanDescription) throws -> DateRange {
        var range = try announcement(for: span)
        if span.placement == .overlay { range.interstitial?.resumeOffset = nil }
        return range
    }

    /// What the end of the span adds to `liveAnnouncement`: its actual length as DURATION and as
    /// X-PLAYOUT-LIMIT (so a pod longer than the break is cut where the break ends), SCTE35-IN.
    public func liveCompletion(for span: SpanDescription) throws -> DateRange {
        var range = try liveAnnouncement(for: span)
        guard let actual = span.actualDuration else { throw DateRangeError.missingActualDuration(id: span.id) }
        range.duration = actual
        range.interstitial?.playoutLimit = actual
        if rule(for: span.kind).includeSCTE35, let inSection = span.inSection, !inSection.isEmpty {
            range.scte35In = HexSequence(bytes: inSection)
        }
        return range
    }

    /// The ID of a span's SCTE-35 metadata range, beside its interstitial's.
    public static func metadataID(_ id: String) -> String { id + "-scte35" }

    /// The span as SCTE-35 date-range metadata (HLS §4.4.5.1.1): no CLASS, SCTE35-OUT and the
    /// planned duration at the cue; DURATION and SCTE35-IN once it ends.
    public func scte35Metadata(for span: SpanDescription) -> DateRange {
        var range = DateRange(id: Self.metadataID(span.id), startDate: span.startDate)
        range.plannedDuration = span.plannedDuration
        if let out = span.outSection, !out.isEmpty { range.scte35Out = HexSequence(bytes: out) }
        if let actual = span.actualDuration {
            range.duration = actual
            if let inSection = span.inSection, !inSection.isEmpty { range.scte35In = HexSequence(bytes: inSection) }
        }
        return range
    }

    /// Whether spans of this kind are offered through an ad-decision server (else their own media).
    public func usesAdServer(_ kind: SpanKindName, ownListTemplate: String) -> Bool {
        if case .assetListTemplate(let template) = rule(for: kind).assetSource { return template != ownListTemplate }
        return false
    }
}
