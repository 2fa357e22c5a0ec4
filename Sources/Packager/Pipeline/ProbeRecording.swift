/// The bytes libavformat read while probing an input, in order: a reader that takes over a
/// stream that cannot be read twice (a socket, a pipe) starts from them.
final class ProbeRecording {
    private(set) var chunks: [[UInt8]] = []
    private var recording = true

    func record(_ bytes: UnsafeRawBufferPointer) {
        if recording { chunks.append(Array(bytes)) }
    }

    /// The probe is over: later reads are not kept.
    func stop() { recording = false }

    /// Hands the chunks over, once.
    func take() -> [[UInt8]] {
        defer { chunks = [] }
        return chunks
    }
}
