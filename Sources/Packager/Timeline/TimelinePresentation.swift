/// X-TIMELINE-OCCUPIES: whether a transport bar shows the interstitial as a point or a range.
public enum TimelineOccupancy: String, Equatable, Sendable {
    case point = "POINT"
    case range = "RANGE"

    /// Missing and unknown values mean POINT (HLS Appendix D.2).
    init(attribute: String?) {
        self = attribute == "RANGE" ? .range : .point
    }
}

/// X-TIMELINE-STYLE: drawn distinctly (HIGHLIGHT) or like primary content (PRIMARY).
public enum TimelineBarStyle: String, Equatable, Sendable {
    case highlight = "HIGHLIGHT"
    case primary = "PRIMARY"

    /// Missing and unknown values mean HIGHLIGHT (HLS Appendix D.2).
    init(attribute: String?) {
        self = attribute == "PRIMARY" ? .primary : .highlight
    }
}

/// When an interstitial plays relative to the primary: CUE=PRE, CUE=POST or at START-DATE.
public enum InterstitialCue: Equatable, Sendable {
    case pre
    case post
    case atStartDate
}
