import Foundation
#if canImport(Glibc)
import Glibc

private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
import Darwin

private let streamSocket = SOCK_STREAM
#endif

/// A new TCP socket (a free function: the server's own `socket` property would shadow it).
private func tcpSocket() -> Int32 { socket(AF_INET, streamSocket, 0) }

/// A one-connection HTTP server on 127.0.0.1 that answers 200 and then sends its body one byte
/// at a time, a byte every `interval`: an answer that never stops moving, as a weak uplink or a
/// slow proxy gives, which an idle timeout never cuts off.
final class TricklingServer: @unchecked Sendable {
    /// The port.
    let port: Int
    private let socket: Int32
    private let stopped = NSCondition()
    private var isStopped = false

    init(bytes: Int, interval: TimeInterval) throws {
        let socket = tcpSocket()
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard socket >= 0, bound else {
            close(socket)
            throw CocoaError(.fileWriteUnknown)
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve(bytes: bytes, interval: interval) }
        thread.start()
    }

    /// Stops sending and closes the listening socket.
    func stop() {
        stopped.lock()
        isStopped = true
        stopped.broadcast()
        stopped.unlock()
        shutdown(socket, Int32(SHUT_RDWR))
    }

    deinit { close(socket) }

    private func serve(bytes: Int, interval: TimeInterval) {
        let connection = accept(socket, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var request = [UInt8](repeating: 0, count: 4_096)
        _ = read(connection, &request, request.count)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes)\r\n\r\n".utf8)
        guard write(connection, head, head.count) == head.count else { return }
        for _ in 0..<bytes {
            stopped.lock()
            let done = isStopped || stopped.wait(until: Date().addingTimeInterval(interval)) && isStopped
            stopped.unlock()
            if done { return }
            var byte = UInt8(ascii: " ")
            guard write(connection, &byte, 1) == 1 else { return }
        }
    }
}
