/// Entry point for `pkgctl validate --live V1 V2 …`: each version is validated on its own,
/// then every consecutive pair against the rules for live playlist updates.
public enum LiveVersionValidator {
    public static func validate(paths: [String], maps: [URLMapping] = []) throws -> [Finding] {
        guard paths.count >= 2 else { throw ValidateError.tooFewVersions(count: paths.count) }
        var run = ValidationRun(maps: maps)
        var versions: [Playlist] = []
        for path in paths {
            versions.append(try run.validate(path))
        }
        for (previous, current) in zip(versions, versions.dropFirst()) {
            let update = LiveUpdate(previous: previous, current: current)
            for rule in LiveUpdateRules.all {
                run.add(rule.check(update))
            }
        }
        return run.finish()
    }
}
