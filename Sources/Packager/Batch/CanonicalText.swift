import CueDetect
import Foundation
import Primitives

/// A text form of any value that is the same in every process for equal settings: what the
/// configuration hash is taken over. Built by reflection, so a field added to VodOptions later
/// is covered without anyone remembering to list it here. Dictionaries and sets are written in
/// sorted order (Swift seeds their iteration order per process), doubles by bit pattern, URLs
/// and dates by value, and a compiled regular expression by its pattern (its description holds
/// an address).
enum CanonicalText {
    static func of(_ value: Any) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: Any, to out: inout String) {
        if writeLeaf(value, to: &out) { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { write(some.value, to: &out) } else { out += "nil" }
        case .dictionary:
            let pairs = mirror.children.map { child -> String in
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { return of(child.value) }
                return of(pair[0].value) + ":" + of(pair[1].value)
            }
            out += "[" + pairs.sorted().joined(separator: ",") + "]"
        case .set:
            out += "{" + mirror.children.map { of($0.value) }.sorted().joined(separator: ",") + "}"
        case .collection:
            out += "[" + mirror.children.map { of($0.value) }.joined(separator: ",") + "]"
        case .enum:
            // A case without payload has no children; its description is the case name.
            guard let payload = mirror.children.first else { out += "\(type(of: value)).\(value)"; return }
            out += "\(type(of: value)).\(payload.label ?? "?")("
            write(payload.value, to: &out)
            out += ")"
        default:
            out += "\(type(of: value))("
            writeFields(of: mirror, to: &out)
            out += ")"
        }
    }

    private static func writeFields(of mirror: Mirror, to out: inout String) {
        if let parent = mirror.superclassMirror { writeFields(of: parent, to: &out) }
        for (n, child) in mirror.children.enumerated() {
            out += "\(child.label ?? String(n))="
            write(child.value, to: &out)
            out += ";"
        }
    }

    /// Values whose reflection is empty or unstable.
    private static func writeLeaf(_ value: Any, to out: inout String) -> Bool {
        switch value {
        case let s as String: out += JSONValue.quoted(s)
        case let b as Bool: out += b ? "true" : "false"
        case let d as Double: out += "f64:" + String(d.bitPattern, radix: 16)
        case let url as URL: out += "url:" + JSONValue.quoted(url.absoluteString)
        case let date as Date: out += "date:" + String(date.timeIntervalSince1970.bitPattern, radix: 16)
        case let regex as NSRegularExpression: out += "regex:\(regex.options.rawValue):" + JSONValue.quoted(regex.pattern)
        case let recap as RecapPatternReflection: out += "regex:\(recap.options.rawValue):" + JSONValue.quoted(recap.pattern)
        case let n as any BinaryInteger: out += String(describing: n)
        default: return false
        }
        return true
    }
}
