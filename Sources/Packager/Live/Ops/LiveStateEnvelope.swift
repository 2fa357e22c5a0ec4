/// The JSON object around a saved state: a format tag so a stray JSON file is not taken
/// for state, and a version so a layout change is detected before decoding the state.
struct LiveStateEnvelope<State: Codable>: Codable {
    static var formatTag: String { "pkgctl-live-state" }

    let format: String
    let version: Int
    /// When it was saved (UTC, ms); for people reading the file, not used on load.
    let savedAt: String
    let state: State
}

/// Only the fields needed to decide whether the rest can be decoded.
struct LiveStateHeader: Decodable {
    let format: String
    let version: Int
}
