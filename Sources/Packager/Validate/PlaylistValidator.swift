/// Entry point for `pkgctl validate PLAYLIST_OR_DIR`.
public enum PlaylistValidator {
    /// Validates a playlist file, or a directory (its master.m3u8, else every *.m3u8), with
    /// every media playlist and local interstitial asset they reference.
    /// Throws `ValidateError` only when `path` itself cannot be read.
    public static func validate(path: String, maps: [URLMapping] = []) throws -> [Finding] {
        let roots = FileLoader.isDirectory(path) ? try FileLoader.rootPlaylists(inDirectory: path) : [path]
        var run = ValidationRun(maps: maps)
        for root in roots {
            try run.validate(root)
        }
        return run.finish()
    }
}
