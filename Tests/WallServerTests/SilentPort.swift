import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that takes connections (the kernel's backlog completes them) but
/// never answers: a fetch of a page there waits until its own deadline. Close it when done.
final class SilentPort: Sendable {
    struct Failure: Error {}

    /// The port.
    let port: Int
    private let socket: Int32

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0 && listen(socket, 64) == 0
            }
        }
        guard listening else {
            _ = Glibc.close(socket)
            throw Failure()
        }
        self.socket = socket
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Stops listening; connections waiting on it are reset.
    func close() { _ = Glibc.close(socket) }
}
