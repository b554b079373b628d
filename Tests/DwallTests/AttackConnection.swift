import Foundation

/// A plain TCP connection to the server under test, for requests no HTTP client would send:
/// headers that never end, bodies that trickle, connections that say nothing.
final class AttackConnection {
    private let socket: Int32

    /// Connects to 127.0.0.1:`port` from the loopback address `source` (any of 127.0.0.0/8, so
    /// that one test can play many clients); `sendBuffer` caps the socket's send buffer (the
    /// kernel doubles it), so that what `send` accepted has nearly all reached the server.
    init(port: Int, from source: String = "127.0.0.1", sendBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ProcessFailure("socket() failed: errno \(errno)") }
        if var size = sendBuffer {
            setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(socket)
            throw ProcessFailure("bind(\(source)) failed: errno \(errno)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw ProcessFailure("connect() failed: errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends bytes; false once the server has closed the connection (or reset it).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends text.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What the server sent within `timeout` seconds, until it closed the connection, `enough`
    /// said so, or the time ran out; `closed` says whether it closed it.
    func read(timeout: TimeInterval, until enough: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(max(1, deadline.timeIntervalSinceNow * 1_000))
            guard poll(&poller, 1, waitMs) > 0 else { break }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return (received, true) }
            received += buffer[0..<count]
            if enough(received) { break }
        } while Date() < deadline
        return (received, false)
    }

    /// Whether `bytes` hold `text`.
    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(text)
    }

    /// The status code of the first response in `bytes`, if one began there.
    static func status(_ bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}
