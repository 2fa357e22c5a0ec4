/// `--media`: every segment (and init section) a media playlist lists is read and probed
/// with libavformat; what was measured goes to `SegmentMediaRules` and, summarised, to the
/// variant checks. The first segment gets the detailed probe (codecs, size, frame rate),
/// the others only a packet read, which keeps a five-minute programme well under a second.
extension ValidationRun {
    mutating func checkMedia(of playlist: Playlist, at location: ResourceLocation, context: MediaContext) {
        var probed: [SegmentMediaRules.Probed] = []
        var sizes: [Int64] = [], durations: [Int64] = []
        var sizesKnown = true
        var initSections: [String: [UInt8]?] = [:]
        var previousEnd: (uri: String, end: Int)?
        var detailed: ProbedSegment?
        for (index, segment) in playlist.segments.enumerated() where !segment.gap {
            let line = segment.uriLine
            let key = "\(resolver.resolve(segment.uri, from: location)?.description ?? segment.uri)#\(segment.byteRange ?? "")"
                + "#\(segment.mapURI ?? "")"
            if let cached = probes?.entry(key, detailed: detailed == nil) {
                if detailed == nil { detailed = cached.probe }
                probed.append(SegmentMediaRules.Probed(index: index, segment: segment, probe: cached.probe, bytes: cached.bytes))
                sizes.append(cached.bytes)
                durations.append(segment.durationNanos ?? 0)
                continue
            }
            var initBytes: [UInt8] = []
            if let mapURI = segment.mapURI {
                if initSections[mapURI] == nil {
                    initSections[mapURI] = initSection(mapURI, of: playlist, at: location)
                }
                guard let bytes = initSections[mapURI] ?? nil else { sizesKnown = false; continue }
                initBytes = bytes
            }
            guard let body = segmentBytes(segment, of: playlist, at: location, previousEnd: &previousEnd) else {
                sizesKnown = false
                continue
            }
            do {
                let probe = try SegmentProbe.probe(initBytes + body, detailed: detailed == nil)
                probes?.store(key, ProbeCache.Entry(probe: probe, bytes: Int64(body.count), detailed: detailed == nil))
                if detailed == nil { detailed = probe }
                probed.append(SegmentMediaRules.Probed(index: index, segment: segment, probe: probe, bytes: Int64(body.count)))
                sizes.append(Int64(body.count))
                durations.append(segment.durationNanos ?? 0)
            } catch {
                findings.append(Finding(file: playlist.file, line: line, rule: .mediaUnreadable, severity: .error,
                                        message: "segment \(segment.uri): \(error)", breaks: Player.all))
                sizesKnown = false
            }
        }
        let independent = context.independentSegments || playlist.firstTag("#EXT-X-INDEPENDENT-SEGMENTS") != nil
        findings += SegmentMediaRules(playlist: playlist, independent: independent).check(probed)
        var summary = MediaSummary()
        summary.isComplete = playlist.hasEndList && playlist.mediaSequence == 0
        if sizesKnown, let target = playlist.targetDurationSeconds {
            summary.peakBitsPerSecond = SegmentBitRates.peak(bytes: sizes, durations: durations, targetSeconds: target)
            summary.averageBitsPerSecond = SegmentBitRates.average(bytes: sizes, durations: durations)
        }
        if let detailed {
            summary.codecs = detailed.streams.compactMap { $0.codec.flatMap(CodecString.rfc6381) }
            if let video = detailed.video, let codec = video.codec, codec.width > 0, codec.height > 0 {
                summary.width = codec.width
                summary.height = codec.height
                summary.frameRate = video.frameRate
            }
        }
        mediaSummaries[location] = summary
    }

    /// The init section named by EXT-X-MAP, read once; nil (after a finding) when missing.
    private mutating func initSection(_ uri: String, of playlist: Playlist, at location: ResourceLocation) -> [UInt8]? {
        let tag = playlist.allTags("#EXT-X-MAP").first { $0.attributes?["URI"]?.value == uri }
        let line = tag?.line ?? 0
        if let text = tag?.attributes?["BYTERANGE"]?.value, let range = ByteRange(text),
           let slice = localRange(uri, at: location, offset: range.offset ?? 0, length: range.length) {
            return slice
        }
        guard let bytes = mediaBytes(uri, of: playlist, at: location, line: line, what: "init section") else { return nil }
        guard let text = tag?.attributes?["BYTERANGE"]?.value else { return bytes }
        guard let slice = ByteRange(text)?.slice(bytes, previousEnd: nil) else {
            findings.append(Finding(file: playlist.file, line: line, rule: .mediaMissing, severity: .error,
                                    message: "init section \(uri) has no bytes at BYTERANGE=\"\(text)\"", breaks: Player.all))
            return nil
        }
        return slice
    }

    private mutating func segmentBytes(_ segment: PlaylistSegment, of playlist: Playlist, at location: ResourceLocation,
                                       previousEnd: inout (uri: String, end: Int)?) -> [UInt8]? {
        if let text = segment.byteRange, let range = ByteRange(text) {
            let start = range.offset ?? (previousEnd?.uri == segment.uri ? previousEnd?.end : nil) ?? 0
            if let slice = localRange(segment.uri, at: location, offset: start, length: range.length) {
                previousEnd = (segment.uri, start + range.length)
                return slice
            }
        }
        guard let bytes = mediaBytes(segment.uri, of: playlist, at: location, line: segment.uriLine, what: "segment") else {
            return nil
        }
        guard let text = segment.byteRange else { return bytes }
        guard let range = ByteRange(text),
              let slice = range.slice(bytes, previousEnd: previousEnd?.uri == segment.uri ? previousEnd?.end : nil) else {
            findings.append(Finding(file: playlist.file, line: segment.uriLine, rule: .mediaMissing, severity: .error,
                                    message: "segment \(segment.uri) has no bytes at EXT-X-BYTERANGE:\(text)", breaks: Player.all))
            return nil
        }
        previousEnd = (segment.uri, (range.offset ?? previousEnd?.end ?? 0) + range.length)
        return slice
    }

    /// A byte range of a local file, read alone; nil (the whole-file path then reports why)
    /// when the resource is remote or the range is not all there.
    private func localRange(_ uri: String, at location: ResourceLocation, offset: Int, length: Int) -> [UInt8]? {
        guard case .file(let path)? = resolver.resolve(uri, from: location) else { return nil }
        return FileLoader.range(path, offset: offset, length: length)
    }

    /// The bytes of a segment or init section; nil after a finding (missing file, failed
    /// fetch), or silently when it is remote and this run does not fetch.
    private mutating func mediaBytes(_ uri: String, of playlist: Playlist, at location: ResourceLocation,
                                     line: Int, what: String) -> [UInt8]? {
        guard let target = resolver.resolve(uri, from: location) else { return nil }
        if target.isRemote, !loader.networkAllowed { return nil }
        do {
            return try loader.media(target)
        } catch ResourceLoader.Failure.budgetSpent {
            return nil
        } catch ResourceLoader.Failure.unreadable(.unreadable(_, let reason)) where reason == "no such file" {
            findings.append(Finding(file: playlist.file, line: line, rule: .mediaMissing, severity: .error,
                                    message: "\(what) \(uri) resolves to \(target), which does not exist", breaks: Player.all))
        } catch ResourceLoader.Failure.fetchFailed(let url, let reason) {
            findings.append(Finding(file: playlist.file, line: line, rule: .fetchFailed, severity: .error,
                                    message: "\(what) \(uri): cannot fetch \(url): \(reason)", breaks: Player.all))
        } catch {
            findings.append(Finding(file: playlist.file, line: line, rule: .mediaMissing, severity: .error,
                                    message: "\(what) \(uri): \(error)", breaks: Player.all))
        }
        return nil
    }
}
