/// One object of a JSON configuration, read strictly: every key must be known, every value of
/// the expected type; errors name the key path (`interstitials.ad.timeline_style`).
struct ConfigNode {
    let file: String
    let path: String
    private let values: [String: ParsedJSON]

    init(file: String, path: String, object: ParsedJSON?) throws {
        self.file = file
        self.path = path
        guard case .object(let dict)? = object else {
            throw ConfigError(file: file, path: path, message: "expected an object, found \(object?.kind ?? "nothing")")
        }
        values = dict
    }

    /// Fails on the first key not in `known` (typos must not be silently ignored).
    func allowOnly(_ known: [String]) throws {
        for key in values.keys.sorted() where !known.contains(key) {
            throw ConfigError(file: file, path: child(key), message: "unknown key (known here: \(known.joined(separator: ", ")))")
        }
    }

    func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    var keys: [String] { values.keys.sorted() }

    func object(_ key: String) throws -> ConfigNode? {
        guard let v = values[key] else { return nil }
        return try ConfigNode(file: file, path: child(key), object: v)
    }

    func string(_ key: String) throws -> String? {
        guard let v = values[key] else { return nil }
        guard case .string(let s) = v else { throw ConfigError(file: file, path: child(key), message: "expected a string, found \(v.kind)") }
        return s
    }

    func number(_ key: String) throws -> Double? {
        guard let v = values[key] else { return nil }
        guard case .number(let n) = v else {
            throw ConfigError(file: file, path: child(key), message: "expected a number, found \(v.kind)")
        }
        return n
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = values[key] else { return nil }
        guard case .bool(let b) = v else {
            throw ConfigError(file: file, path: child(key), message: "expected true or false, found \(v.kind)")
        }
        return b
    }

    func strings(_ key: String) throws -> [String]? {
        guard let v = values[key] else { return nil }
        guard case .array(let items) = v else {
            throw ConfigError(file: file, path: child(key), message: "expected an array of strings, found \(v.kind)")
        }
        return try items.enumerated().map { i, item in
            guard case .string(let s) = item else {
                throw ConfigError(file: file, path: child(key) + "[\(i)]", message: "expected a string, found \(item.kind)")
            }
            return s
        }
    }

    /// An array value, its items unread (a list of objects, such as `stitched.rules`).
    func array(_ key: String) throws -> [ParsedJSON]? {
        guard let v = values[key] else { return nil }
        guard case .array(let items) = v else { throw ConfigError(file: file, path: child(key), message: "expected an array, found \(v.kind)") }
        return items
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let value = T(rawValue: s) else {
            throw ConfigError(file: file, path: child(key),
                              message: "'\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    func choices<T: RawRepresentable & CaseIterable & Hashable>(_ key: String, _ type: T.Type) throws -> Set<T>? where T.RawValue == String {
        guard let list = try strings(key) else { return nil }
        var out = Set<T>()
        for s in list {
            guard let value = T(rawValue: s) else {
                throw ConfigError(file: file, path: child(key),
                                  message: "'\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            out.insert(value)
        }
        return out
    }

    func fail(_ key: String, _ message: String) -> ConfigError {
        ConfigError(file: file, path: child(key), message: message)
    }
}
