/// Something the background publisher wants the caller to know (usually logged as JSON).
public enum PublishEvent: Sendable {
    /// `name` is live at the destination; `latencySeconds` counts from the caller's put.
    case published(name: String, kind: PublishedKind, bytes: Int, latencySeconds: Double)
    /// `name` was deleted (or was already gone).
    case deleted(name: String, latencySeconds: Double)
    /// Attempt number `attempt` failed and another follows after `delaySeconds`.
    case retry(name: String, attempt: Int, delaySeconds: Double, error: HTTPSinkError)
    /// `name` was given up on; later items go ahead.
    case failed(name: String, error: HTTPSinkError)
    /// A queued playlist version of `name` was dropped for a newer one.
    case superseded(name: String)
}
