/// Entry point for `pkgctl validate PLAYLIST_OR_DIR_OR_URL`.
public enum PlaylistValidator {
    /// The playlist rules only (no media checks): what the other parts of pkgctl use to
    /// check what they wrote.
    public static func validate(path: String, maps: [URLMapping] = []) throws -> [Finding] {
        try validate(input: path, options: ValidateOptions(maps: maps))
    }

    /// Validates a playlist file or URL, or a directory (its master.m3u8, else every
    /// *.m3u8), with every media playlist and local interstitial asset they reference.
    /// Throws `ValidateError` only when the input itself cannot be read.
    public static func validate(input: String, options: ValidateOptions) throws -> [Finding] {
        let location = ResourceLocation(argument: input)
        let roots: [ResourceLocation]
        if case .file(let path) = location, FileLoader.isDirectory(path) {
            roots = try FileLoader.rootPlaylists(inDirectory: path).map(ResourceLocation.file)
        } else {
            roots = [location]
        }
        var run = ValidationRun(options: options, networkAllowed: location.isRemote)
        for root in roots {
            try run.validate(root)
        }
        return run.finish(roots: roots.map(\.description))
    }
}
