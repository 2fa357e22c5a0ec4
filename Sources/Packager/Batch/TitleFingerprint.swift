import Foundation
import Primitives

/// What a converted title was made from, written into its output (`fingerprint.json`) and
/// committed with it — in the staged tree that is swapped in whole, or on an origin after every
/// other file landed — so an output that has one is complete, and was made from exactly this.
public struct TitleFingerprint: Equatable, Sendable {
    static let format = "pkgctl-vod-fingerprint"
    static let version: Int64 = 1

    public var input: InputFingerprint
    public var sidecar: InputFingerprint?
    public var configuration: String
    /// When it was made (informative; never compared).
    public var convertedAt: Date?

    public init(input: InputFingerprint, sidecar: InputFingerprint?, configuration: ConfigurationDigest, convertedAt: Date?) {
        self.input = input
        self.sidecar = sidecar
        self.configuration = configuration.description
        self.convertedAt = convertedAt
    }

    /// Why a title fingerprinted as `self` now must be converted again over an output made
    /// from `stored`; nil when nothing that matters changed.
    public func reasonToConvert(over stored: TitleFingerprint) -> String? {
        if input != stored.input { return "input changed" }
        if sidecar != stored.sidecar { return "sidecar changed" }
        if configuration != stored.configuration { return "configuration changed" }
        return nil
    }

    public var data: Data {
        let json = JSONValue.object([
            .init("format", .string(Self.format)),
            .init("version", .int(Self.version)),
            .init("input", input.json),
            .init("sidecar", sidecar?.json ?? .null),
            .init("configuration", .string(configuration)),
            .init("converted_at", convertedAt.map { .string(ISO8601Text.format(millis: Int64(($0.timeIntervalSince1970 * 1000).rounded()))) } ?? .null),
        ])
        return Data((json.serialized(pretty: true) + "\n").utf8)
    }

    /// Reads a stored fingerprint; `location` names it in errors.
    public init(data: Data, location: String) throws {
        guard case .object(let o)? = try? JSONDecoder().decode(ParsedJSON.self, from: data) else {
            throw BatchError.fingerprintUnreadable(location: location, reason: "not a JSON object")
        }
        guard o["format"] == .string(Self.format), o["version"] == .number(Double(Self.version)) else {
            throw BatchError.fingerprintUnreadable(location: location, reason: "not a \(Self.format) version \(Self.version)")
        }
        guard let input = InputFingerprint(json: o["input"]), case .string(let configuration)? = o["configuration"] else {
            throw BatchError.fingerprintUnreadable(location: location, reason: "input or configuration missing")
        }
        self.input = input
        sidecar = InputFingerprint(json: o["sidecar"])
        self.configuration = configuration
        if case .string(let date)? = o["converted_at"] { convertedAt = ISODate.parse(date) }
    }
}
