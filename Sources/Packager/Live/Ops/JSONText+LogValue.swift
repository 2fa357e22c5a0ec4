extension JSONText {
    static func value(_ value: LogValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .int(let number): return String(number)
        case .double(let number): return self.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        }
    }
}
