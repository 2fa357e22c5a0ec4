/// One step a presentation asks its publisher to take. A plan is executed in order; the
/// presentation hears back about every stored or failed segment and acts on that (a segment is
/// listed only once the sink confirmed it).
enum PublishAction: Equatable {
    /// A segment or init segment whose bytes the publisher holds under `token`.
    case putMedia(token: Int, part: MediaPart, name: String)
    case put(name: String, text: String, kind: PublishedKind)
    /// The commit point before anything becomes visible: if the state cannot be saved, the rest
    /// of the plan is not done (a restart must never contradict what players already saw).
    case saveState
    case delete(name: String)
    case log(LogLevel, LogEventName, LogFields)

    enum MediaPart: Equatable { case segment, initSegment }
}

typealias PublishPlan = [PublishAction]
