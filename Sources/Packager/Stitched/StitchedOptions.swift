import CueDetect
import Foundation

/// The `stitched` settings of a conversion: classification rules, the override file, and
/// what to do when nothing is found.
public struct StitchedOptions: Equatable, Sendable {
    public var rules = StitchedRules()
    /// Sidecar override file (JSON: span index or time range → kind).
    public var overrides: URL?
    /// Convert even when no span is found (the presentation passes through as content).
    public var allowNoSpans = false
    /// Overlay output: write the primary's inserted-span time ranges here (SharePlay).
    public var coordinatorRanges: URL?
    /// `pkgctl live`: the input is an HLS playlist to follow (else judged by its first bytes).
    public var inputIsPlaylist = false

    public init() {}

    func loadOverrides() throws -> [SpanOverride] {
        guard let url = overrides else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StitchedError.unreadable(resource: url.path, reason: (error as NSError).localizedDescription)
        }
        do {
            return try SpanOverride.parse(data)
        } catch let error as StitchedAnalysisError {
            throw StitchedError.analysis(playlist: url.path, error)
        }
    }
}
