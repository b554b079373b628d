import Foundation

/// A TCP port on 127.0.0.1 that takes connections (the kernel's backlog completes them) but
/// never answers: a link preview of a page there waits for its fetch's own deadline.
final class SilentListener {
    /// The port.
    let port: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 1_024) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard socket >= 0, bound else {
            close(socket)
            throw ProcessFailure("could not listen on 127.0.0.1: errno \(errno)")
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
