import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 where nothing listens: bound (so the system picks a free one), then
/// closed without ever listening, so a connection to it is refused.
enum ClosedPort {
    static func make() throws -> Int {
        let (socket, port) = try LoopbackSocket.bind(listening: false)
        _ = Glibc.close(socket)
        return port
    }
}
