/// The known name a mistyped one most likely meant: the fewest single-character edits
/// (insert, delete, replace, swap of neighbours), within a third of the typed length; else a
/// known name the typed one is the only prefix of (`--segment-d` → `--segment-duration`).
enum NearestName {
    static func suggest(_ typed: String, among names: [String]) -> String? {
        let limit = max(2, typed.count / 3)
        let scored = names.map { (name: $0, distance: distance(typed, $0)) }.filter { $0.distance <= limit }
        if let best = scored.min(by: { $0.distance < $1.distance || ($0.distance == $1.distance && $0.name < $1.name) }) {
            return best.name
        }
        let extensions = names.filter { $0.hasPrefix(typed) }
        return extensions.count == 1 ? extensions.first : nil
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
    /// substring), over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        guard !s.isEmpty else { return t.count }
        guard !t.isEmpty else { return s.count }
        var before = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[t.count]
    }
}
