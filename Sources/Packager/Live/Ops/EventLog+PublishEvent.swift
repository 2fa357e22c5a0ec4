/// The sink's background events as log lines, so every channel reports uploads the same way.
extension EventLog {
    public func log(_ event: PublishEvent) {
        switch event {
        case .published(let name, let kind, let bytes, let latency):
            info(.publish, ["action": "put", "name": .string(name), "kind": .string(kind.rawValue),
                            "bytes": .int(bytes), "latency_s": .double(latency)])
        case .deleted(let name, let latency):
            info(.publish, ["action": "delete", "name": .string(name), "latency_s": .double(latency)])
        case .retry(let name, let attempt, let delay, let error):
            warn(.publish, ["action": "retry", "name": .string(name), "attempt": .int(attempt),
                            "delay_s": .double(delay), "error": .string(error.description)])
        case .failed(let name, let error):
            self.error(.publish, ["action": "failed", "name": .string(name), "error": .string(error.description)])
        case .superseded(let name):
            info(.publish, ["action": "superseded", "name": .string(name)])
        }
    }
}
