import Foundation

/// `pkgctl live --channels DIR`: one channel per `*.json` pipeline configuration in DIR (sorted
/// by file name), each with the command line's flags merged on top. A configuration error is
/// the operator's and is reported before any channel starts; only failures at run time (an
/// input lost, a sink that cannot write) are confined to their channel.
public struct ChannelDirectory {
    public struct Channel {
        /// `live.channel`, else the file's name without `.json`: every log line and metric says it.
        public let name: String
        public let file: String
        public let options: LiveOptions
    }

    public let path: String
    public let channels: [Channel]

    public init(path: String, flags: PipelineConfiguration = PipelineConfiguration()) throws {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ChannelDirectoryError.unreadable(directory: path, reason: (error as NSError).localizedDescription)
        }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        guard !files.isEmpty else { throw ChannelDirectoryError.empty(directory: path) }
        var channels: [Channel] = []
        for name in files {
            let file = (path as NSString).appendingPathComponent(name)
            var configuration = try PipelineConfiguration.load(path: file).merging(flags)
            let channel = configuration.live.channel ?? String(name.dropLast(".json".count))
            configuration.live.channel = channel
            let options = try configuration.liveOptions()
            if let other = channels.first(where: { $0.name == channel }) {
                throw ChannelDirectoryError.sameName(channel, files: [other.file, file])
            }
            if let other = channels.first(where: { Self.sharesStorage($0.options, options) }) {
                throw ChannelDirectoryError.sameOutput(options.output, files: [other.file, file])
            }
            channels.append(Channel(name: channel, file: file, options: options))
        }
        self.channels = channels
    }

    /// Two channels writing one output, or one state file, would overwrite each other's
    /// playlists and restart state.
    private static func sharesStorage(_ a: LiveOptions, _ b: LiveOptions) -> Bool {
        func local(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        func output(_ o: LiveOptions) -> String { o.isHTTPOutput ? o.output : local(o.output) }
        func state(_ o: LiveOptions) -> String? { o.stateDirectory.map { $0.standardizedFileURL.path } ?? (o.isHTTPOutput ? nil : local(o.output)) }
        return output(a) == output(b) || (state(a) != nil && state(a) == state(b))
    }
}

public enum ChannelDirectoryError: Error, CustomStringConvertible, Equatable {
    case unreadable(directory: String, reason: String)
    case empty(directory: String)
    case sameName(String, files: [String])
    case sameOutput(String, files: [String])

    public var description: String {
        switch self {
        case .unreadable(let d, let reason): return "--channels \(d): cannot list the directory: \(reason)"
        case .empty(let d): return "--channels \(d): no channel configuration (*.json) in it"
        case .sameName(let name, let files): return "\(files[1]): channel name '\(name)' is also \(files[0])'s"
        case .sameOutput(let output, let files):
            return "\(files[1]): output or state directory '\(output)' is also \(files[0])'s (each channel needs its own)"
        }
    }
}
