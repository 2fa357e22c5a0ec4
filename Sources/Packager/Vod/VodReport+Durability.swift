extension VodReport {
    /// This report with a warning when `sink` was to fsync its tree (`vod.durability` power) and
    /// the file system could not fsync some of it (EINVAL): those files are as safe as the
    /// kernel's write-back makes them, which the caller should know before it trusts the output.
    func warningUnsynced(by sink: StagedDirectorySink?) -> VodReport {
        guard let sink, let first = sink.unsyncablePaths.first else { return self }
        var report = self
        let more = sink.unsyncablePaths.count - 1
        report.warnings.append("the file system of '\(sink.destination.path)' cannot fsync '\(first)'"
                               + (more > 0 ? " and \(more) more" : "") + " (EINVAL): durability power is not assured there")
        return report
    }
}
