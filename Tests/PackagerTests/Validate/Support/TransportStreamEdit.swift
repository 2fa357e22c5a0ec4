/// Edits on MPEG-TS bytes for media-check tests: find the video PID through PAT and PMT,
/// then drop packets by PES.
enum TransportStreamEdit {
    static let packetSize = 188

    /// The segment without its first video access unit (the PES from the first
    /// payload_unit_start on the video PID to the next), so it starts with a non-keyframe.
    static func droppingFirstVideoFrame(_ bytes: [UInt8]) -> [UInt8]? {
        guard let video = videoPID(bytes) else { return nil }
        var out: [UInt8] = []
        var starts = 0
        for offset in stride(from: 0, to: bytes.count - packetSize + 1, by: packetSize) {
            let packet = bytes[offset..<(offset + packetSize)]
            if pid(packet) == video, packet[offset + 1] & 0x40 != 0 { starts += 1 }
            if pid(packet) == video, starts == 1 { continue }
            out += packet
        }
        return starts >= 2 ? out : nil
    }

    static func pid(_ packet: ArraySlice<UInt8>) -> Int {
        let i = packet.startIndex
        return Int(packet[i + 1] & 0x1F) << 8 | Int(packet[i + 2])
    }

    /// The first PMT stream of type 0x1B (H.264) or 0x24 (HEVC).
    static func videoPID(_ bytes: [UInt8]) -> Int? {
        var pmtPID: Int?
        for offset in stride(from: 0, to: bytes.count - packetSize + 1, by: packetSize) {
            let packet = bytes[offset..<(offset + packetSize)]
            guard packet[offset] == 0x47, packet[offset + 1] & 0x40 != 0 else { continue }
            let payload = payloadStart(packet)
            guard payload < offset + packetSize else { continue }
            let section = payload + 1 + Int(packet[payload])   // pointer_field
            if pid(packet) == 0, pmtPID == nil, section + 12 <= offset + packetSize {
                pmtPID = Int(packet[section + 10] & 0x1F) << 8 | Int(packet[section + 11])
            } else if let pmtPID, pid(packet) == pmtPID, section + 12 <= offset + packetSize {
                let sectionLength = Int(packet[section + 1] & 0x0F) << 8 | Int(packet[section + 2])
                let infoLength = Int(packet[section + 10] & 0x0F) << 8 | Int(packet[section + 11])
                var entry = section + 12 + infoLength
                let end = min(section + 3 + sectionLength - 4, offset + packetSize)
                while entry + 5 <= end {
                    let type = packet[entry]
                    let elementary = Int(packet[entry + 1] & 0x1F) << 8 | Int(packet[entry + 2])
                    if type == 0x1B || type == 0x24 { return elementary }
                    entry += 5 + (Int(packet[entry + 3] & 0x0F) << 8 | Int(packet[entry + 4]))
                }
            }
        }
        return nil
    }

    private static func payloadStart(_ packet: ArraySlice<UInt8>) -> Int {
        let i = packet.startIndex
        let control = (packet[i + 3] >> 4) & 0x3
        return control & 0x2 != 0 ? i + 5 + Int(packet[i + 4]) : i + 4
    }
}
