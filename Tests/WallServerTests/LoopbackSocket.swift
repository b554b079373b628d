import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound to a free port of 127.0.0.1 (the system picks it), for the tests' fake
/// sites: `ClosedPort` closes it unheard, `SilentPort` listens and never answers.
enum LoopbackSocket {
    struct Failure: Error {}

    /// Opens and binds a socket, listening when asked; the caller owns the socket.
    static func bind(listening: Bool) throws -> (socket: Int32, port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                Glibc.bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
                    && (!listening || listen(socket, 64) == 0)
            }
        }
        guard ready else {
            _ = Glibc.close(socket)
            throw Failure()
        }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }
}
