import Foundation

/// One entry of a sidecar cue sheet: a splice_info_section and the PTS (seconds, program
/// time) at which it is inserted into the stream — its arrival. The section's own
/// splice_time says when the splice happens; an immediate one happens at `pts`.
public struct CueSheetEntry: Equatable, Sendable {
    public var line: Int
    public var ptsSeconds: Double
    public var section: [UInt8]
}

public struct CueSheetError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Sidecar cue sheets in the two forms pkgctl reads:
/// - text, one cue per line: `<pts seconds>,<base64 or 0x-hex splice_info_section>` (the
///   form x9k3 and threefive's tools use); blank lines and `#` comments are skipped;
/// - JSON: `[{"pts": 3631.4, "cue": "/DAl…"}, …]` or `{"cues": [ … ]}`.
public enum CueSheet {
    static let latestPTSSeconds = 1e12

    public static func parse(_ text: String) throws -> [CueSheetEntry] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            return try parseJSON(Data(trimmed.utf8))
        }
        var entries: [CueSheetEntry] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let comma = line.firstIndex(of: ",") else {
                throw CueSheetError(line: n + 1, message: "expected '<pts seconds>,<cue>', found no comma")
            }
            let ptsText = line[..<comma].trimmingCharacters(in: .whitespaces)
            let cueText = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            entries.append(try entry(line: n + 1, pts: ptsText, cue: cueText))
        }
        return entries
    }

    static func parseJSON(_ data: Data) throws -> [CueSheetEntry] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CueSheetError(line: 0, message: "not valid JSON (\(error.localizedDescription))")
        }
        let list: [Any]
        if let array = object as? [Any] {
            list = array
        } else if let dict = object as? [String: Any], let array = dict["cues"] as? [Any] {
            list = array
        } else {
            throw CueSheetError(line: 0, message: "expected an array of cues or an object with a \"cues\" array")
        }
        return try list.enumerated().map { index, item in
            guard let dict = item as? [String: Any] else {
                throw CueSheetError(line: index + 1, message: "cues[\(index)] is not an object")
            }
            guard let pts = dict["pts"] as? Double ?? (dict["pts"] as? Int).map(Double.init) else {
                throw CueSheetError(line: index + 1, message: "cues[\(index)].pts must be a number of seconds")
            }
            guard let cue = dict["cue"] as? String else {
                throw CueSheetError(line: index + 1, message: "cues[\(index)].cue must be a base64 or 0x-hex string")
            }
            return try entry(line: index + 1, pts: String(pts), cue: cue)
        }
    }

    private static func entry(line: Int, pts: String, cue: String) throws -> CueSheetEntry {
        guard let seconds = Double(pts), seconds.isFinite, seconds >= 0 else {
            throw CueSheetError(line: line, message: "'\(pts)' is not a PTS in seconds")
        }
        // The 33-bit clock wraps every 95,443.7 s, and a sheet may count past that; past about
        // 1e14 s its 90 kHz ticks no longer fit in 64 bits (a sheet's 1e20 trapped the process).
        guard seconds < Self.latestPTSSeconds else {
            throw CueSheetError(line: line, message: "'\(pts)' is not a PTS in seconds (more than 10^12 s)")
        }
        guard let bytes = SectionText.decode(cue) else {
            throw CueSheetError(line: line, message: "cue is neither base64 nor 0x-hex")
        }
        return CueSheetEntry(line: line, ptsSeconds: seconds, section: bytes)
    }
}

/// Splice sections written as text: `0x`-prefixed hex (either case) or base64.
public enum SectionText {
    public static func decode(_ text: String) -> [UInt8]? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return hex(text.dropFirst(2))
        }
        return Data(base64Encoded: text).map { [UInt8]($0) }
    }

    static func hex(_ s: Substring) -> [UInt8]? {
        let digits = Array(s.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let hi = nibble(digits[i]), let lo = nibble(digits[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}
