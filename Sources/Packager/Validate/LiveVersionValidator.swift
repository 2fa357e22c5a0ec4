/// Entry point for `pkgctl validate --live V1 V2 …`: each version is validated on its own,
/// then every consecutive pair against the rules for live playlist updates.
public enum LiveVersionValidator {
    public static func validate(paths: [String], maps: [URLMapping] = []) throws -> [Finding] {
        try validate(inputs: paths, options: ValidateOptions(maps: maps))
    }

    public static func validate(inputs: [String], options: ValidateOptions) throws -> [Finding] {
        guard inputs.count >= 2 else { throw ValidateError.tooFewVersions(count: inputs.count) }
        let locations = inputs.map(ResourceLocation.init(argument:))
        var run = ValidationRun(options: options, networkAllowed: locations.contains { $0.isRemote })
        var versions: [Playlist] = []
        for location in locations {
            versions.append(try run.validate(location))
        }
        for (previous, current) in zip(versions, versions.dropFirst()) {
            run.add(LiveUpdateRules.check(LiveUpdate(previous: previous, current: current)))
        }
        return run.finish(roots: locations.map(\.description))
    }
}
