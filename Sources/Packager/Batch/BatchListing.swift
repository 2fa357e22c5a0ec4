import Primitives

/// `pkgctl vod --batch JOBS --list`: the titles a shard would take, each resolved (a bad
/// configuration or line shows here, before anything runs), nothing read or written.
public enum BatchListing {
    /// One JSON line per title; `valid` is false when a title could not be resolved.
    public static func lines(_ entries: [BatchEntry], list: BatchJobList, base: PipelineConfiguration) -> (lines: [String], valid: Bool) {
        var valid = true
        let lines = entries.map { entry -> String in
            var problem = entry.problem
            var digest: String?
            var durability: String?
            if let job = entry.job {
                do {
                    let title = try ResolvedTitle(job, base: base, source: list.source)
                    digest = title.digest.description
                    durability = title.storedDurability?.rawValue
                } catch {
                    problem = String(describing: error)
                }
            }
            if problem != nil { valid = false }
            return JSONValue.object([
                .init("type", .string("title")),
                .init("index", .int(Int64(entry.index))),
                .init("line", .int(Int64(entry.line))),
                .init("input", .string(entry.inputText)),
                .init("output", .string(entry.outputText)),
                .init("status", .string(problem == nil ? "listed" : "invalid")),
                .init("error", problem.map(JSONValue.string) ?? .null),
                .init("configuration", digest.map(JSONValue.string) ?? .null),
                .init("durability", durability.map(JSONValue.string) ?? .null),
            ]).serialized()
        }
        return (lines, valid)
    }
}
