import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that takes connections (the kernel's backlog completes them) but
/// never answers: a fetch of a page there waits until its own deadline. Close it when done.
final class SilentPort: Sendable {
    /// The port.
    let port: Int
    private let socket: Int32

    init() throws {
        (socket, port) = try LoopbackSocket.bind(listening: true)
    }

    /// Stops listening; connections waiting on it are reset.
    func close() { _ = Glibc.close(socket) }
}
