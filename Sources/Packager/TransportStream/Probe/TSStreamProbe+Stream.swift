extension TSStreamProbe {
    /// What probing a stream that cannot be read twice (a pipe, a live file) found, and the
    /// bytes it read to find it, for the reader that goes on from the start.
    struct StreamProbe {
        var probe: TSStreamProbe?
        var bytes: [[UInt8]]
    }

    /// Probes the first bytes of `input` as `read(path:)` probes a file: up to the budget, until
    /// every stream is described, the table is refused, or the input ends. The probe is nil where
    /// libavformat must probe the same bytes instead.
    static func read(from input: LiveByteInput, chunkSize: Int = 64 * 1024) throws -> StreamProbe {
        let window = TSInputWindow(name: input.url)
        var scan = Scan(input: window)
        var bytes: [[UInt8]] = []
        while scan.indexer.stats.bytes < budget, !scan.isComplete, !scan.refused {
            let chunk = try window.appendReading(upTo: chunkSize) { try input.read(into: $0) }
            guard !chunk.isEmpty else { break }
            bytes.append(Array(chunk))
            scan.feed(chunk)
        }
        return StreamProbe(probe: scan.refused ? nil : scan.result(), bytes: bytes)
    }
}
