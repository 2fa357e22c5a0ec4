import Foundation

/// Checks an X-ASSET-LIST JSON document against HLS D.3: an object with `"ASSETS"`, an
/// array of objects each with an absolute `"URI"` string and a `"DURATION"` number;
/// optional `"SKIP-CONTROL"` object. Returns the asset URIs it could read.
struct AssetListDocument {
    let assetURIs: [String]
    /// Sum of every ASSETS[].DURATION in seconds; nil when any is missing or not a number.
    let totalSeconds: Double?
    /// Problems, as messages (every one violates a MUST of D.3).
    let problems: [String]

    /// Players that fail on this kind of problem: a relative asset URI trips the same players
    /// as a relative X-ASSET-URI; a malformed list makes every player cancel the interstitial.
    static func breaks(_ problem: String) -> [Player] {
        problem.hasSuffix(Self.notAbsolute) ? [.avFoundation, .hlsJS] : Player.all
    }

    private static let notAbsolute = "is not an absolute URI"


    init(bytes: [UInt8]) {
        let root: ParsedJSON
        do {
            root = try JSONDecoder().decode(ParsedJSON.self, from: Data(bytes))
        } catch {
            assetURIs = []
            totalSeconds = nil
            problems = ["asset list is not valid JSON"]
            return
        }
        guard case .object(let object) = root else {
            assetURIs = []
            totalSeconds = nil
            problems = ["asset list must be a JSON object, found \(root.kind)"]
            return
        }
        var uris: [String] = []
        var problems: [String] = []
        var total: Double? = nil
        switch object["ASSETS"] {
        case nil:
            problems.append("asset list has no \"ASSETS\" key (keys are case-sensitive)")
        case .array(let assets)?:
            total = 0
            for (index, asset) in assets.enumerated() {
                problems += Self.check(asset: asset, index: index, uris: &uris)
                if case .object(let fields) = asset, case .number(let seconds)? = fields["DURATION"] {
                    total = total.map { $0 + seconds }
                } else {
                    total = nil
                }
            }
        case let other?:
            problems.append("\"ASSETS\" must be an array, found \(other.kind)")
        }
        self.totalSeconds = total
        if let skip = object["SKIP-CONTROL"] {
            problems += Self.check(skipControl: skip)
        }
        self.assetURIs = uris
        self.problems = problems
    }

    private static func check(asset: ParsedJSON, index: Int, uris: inout [String]) -> [String] {
        guard case .object(let fields) = asset else { return ["ASSETS[\(index)] must be an object, found \(asset.kind)"] }
        var problems: [String] = []
        switch fields["URI"] {
        case .string(let uri)?:
            uris.append(uri)
            if !URIKind.isAbsolute(uri) { problems.append("ASSETS[\(index)].URI \"\(uri)\" \(notAbsolute)") }
        case nil:
            problems.append("ASSETS[\(index)] has no \"URI\"")
        case let other?:
            problems.append("ASSETS[\(index)].URI must be a string, found \(other.kind)")
        }
        switch fields["DURATION"] {
        case .number(let seconds)?:
            if seconds < 0 { problems.append("ASSETS[\(index)].DURATION is negative") }
        case nil:
            problems.append("ASSETS[\(index)] has no \"DURATION\"")
        case let other?:
            problems.append("ASSETS[\(index)].DURATION must be a number, found \(other.kind)")
        }
        return problems
    }

    private static func check(skipControl: ParsedJSON) -> [String] {
        guard case .object(let fields) = skipControl else { return ["\"SKIP-CONTROL\" must be an object, found \(skipControl.kind)"] }
        var problems: [String] = []
        for key in ["OFFSET", "DURATION"] {
            guard let value = fields[key] else { continue }
            guard case .number(let seconds) = value, seconds >= 0, seconds == seconds.rounded() else {
                problems.append("SKIP-CONTROL.\(key) must be a non-negative integer number of seconds")
                continue
            }
        }
        if let label = fields["LABEL-ID"], case .string = label {} else if fields["LABEL-ID"] != nil {
            problems.append("SKIP-CONTROL.LABEL-ID must be a string")
        }
        return problems
    }
}
