import Foundation

/// A UDP socket sending datagrams to 127.0.0.1:`port` (test feeds for `pkgctl live`).
final class LoopbackUDPSender {
    private let fd: Int32
    private var address = sockaddr_in()

    init?(port: UInt16) {
        fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    }

    deinit { close(fd) }

    func send(_ datagram: [UInt8]) {
        datagram.withUnsafeBytes { buffer in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    _ = sendto(fd, buffer.baseAddress, buffer.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }
}
