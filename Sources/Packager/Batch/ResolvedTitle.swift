import Foundation

/// One title's settings, resolved once the same way in the batch (to decide whether to skip it)
/// and in the worker that converts it: the batch's configuration (`--config`, then the flags),
/// the title's `config` file over it, and the title's own `start_date`, `sidecar` and
/// `asset_base_url` over both — the most specific setting wins.
public struct ResolvedTitle {
    public let job: BatchJob
    public let options: VodOptions
    public let digest: ConfigurationDigest
    public let target: TitleOutput
    /// An origin's request settings (`output.http`): kept out of `options`, so out of the digest
    /// (a rotated token is no reason to convert a title again). A batch's configuration serves
    /// titles of both kinds, so they are checked here and used where the title's output is HTTP.
    public let http: HTTPSinkOptions
    /// How a directory output is stored (`vod.durability`, power unless set): out of the digest
    /// like `http`. Power by default because the next run skips a title whose committed
    /// fingerprint matches, and only fsynced files are sure to be behind it after a power cut.
    public let durability: PublishDurability

    public init(_ job: BatchJob, base: PipelineConfiguration, source: String) throws {
        var configuration = base
        if let file = job.config { configuration = configuration.merging(try PipelineConfiguration.load(path: file)) }
        var own = PipelineConfiguration()
        let place = "\(source):\(job.line)"
        if let date = job.startDate {
            own.output.startDate = date
            own.note("output.start_date", from: place)
        }
        if let sidecar = job.sidecar {
            own.cues.sidecar = URL(fileURLWithPath: sidecar)
            own.note("cues.sidecar", from: place)
        }
        if let base = job.assetBaseURL {
            own.output.assetBaseURL = base
            own.note("output.asset_base_url", from: place)
        }
        self.job = job
        let merged = configuration.merging(own)
        options = try merged.vodOptions()
        http = try merged.httpSinkOptions(isHTTPOutput: true)
        durability = try merged.vodDurability(default: .power)
        digest = ConfigurationDigest(of: options)
        target = TitleOutput(job.output)
    }

    /// The durability its output is stored with, as the report and `--list` give it: a directory
    /// output's; nil for an origin, which stores what it is sent as it will.
    var storedDurability: PublishDurability? {
        if case .directory = target { return durability }
        return nil
    }

    /// The sink this title's output is published through, with its request settings and its
    /// durability.
    func makeSink() throws -> PublishSink { try target.makeSink(http: http, durability: durability) }

    /// The input (and sidecar) as they are now, with these settings.
    func fingerprint(at date: Date? = nil) throws -> TitleFingerprint {
        TitleFingerprint(input: try InputFingerprint.take(job.input),
                         sidecar: try options.sidecar.map { try InputFingerprint.take($0.path) },
                         configuration: digest, convertedAt: date)
    }

    /// Why this title must be converted, or nil when its committed output was made from
    /// exactly this input and these settings.
    func reasonToConvert(force: Bool) -> String? {
        if force { return "forced" }
        let stored: TitleFingerprint?
        do { stored = try target.storedFingerprint(headers: http.extraHeaders) } catch { return String(describing: error) }
        guard let stored else {
            if case .directory(let dir) = target, FileManager.default.fileExists(atPath: dir.path) {
                return "output has no fingerprint"
            }
            return "new"
        }
        // An input that cannot be read now is converted, so that its worker reports why.
        guard let current = try? fingerprint() else { return "input unreadable" }
        guard current.input.detectsChange else { return "input has no ETag or Last-Modified" }
        return current.reasonToConvert(over: stored)
    }
}
