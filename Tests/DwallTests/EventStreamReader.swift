import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Opens `GET /v1/events` on a plain socket and reads it on a thread of its own, so a test can
/// see what the server sends and see it close the stream.
final class EventStreamReader: @unchecked Sendable {
    private let socketFD: Int32
    private let ended = DispatchSemaphore(value: 0)
    private let received = ReceivedText()
    private let thread: Thread

    init(port: Int, token: String, path: String = "/v1/events") throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw ProcessFailure("could not connect to the event stream")
        }
        socketFD = fd
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        let ended = self.ended
        let received = self.received
        thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                received.append(buffer[0..<count])
            }
            ended.signal()
        }
        thread.start()
    }

    /// Whether the server has sent `expected` (anywhere in the stream) within `timeout` seconds.
    func waitForText(_ expected: String, timeout: TimeInterval) -> Bool {
        received.waitFor(expected, until: Date().addingTimeInterval(timeout))
    }

    /// The events received so far, in order (the HTTP chunks taken apart).
    var events: [ServerSentEvent] { ServerSentEvent.parse(received.body) }

    /// Whether a whole event with this `id` has arrived within `timeout` seconds.
    func waitForEvent(id: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let seen = received.count
            if events.contains(where: { $0.id == id }) { return true }
            guard received.waitForMore(than: seen, until: deadline) else { return events.contains { $0.id == id } }
        }
    }

    /// Everything received so far, headers included, for a failure report.
    var receivedText: String { received.everything }

    /// Hangs up: shuts the socket down so the reading thread's `recv` returns, waits for that
    /// thread to end, then closes the descriptor. (Closing it while the thread still waits in
    /// `recv` would let the thread read from the next socket given the same number.)
    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        ended.wait()
        close(socketFD)
    }

    /// Whether the server closed the stream within `timeout` seconds.
    func waitForEnd(timeout: TimeInterval) -> Bool {
        guard ended.wait(timeout: .now() + timeout) == .success else {
            stop()
            return false
        }
        close(socketFD)
        return true
    }
}

/// What a stream has received so far (bytes, so a character split between reads stays whole),
/// and a way to wait for more.
private final class ReceivedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []

    func append(_ chunk: ArraySlice<UInt8>) {
        condition.lock()
        bytes += chunk
        condition.broadcast()
        condition.unlock()
    }

    private var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Everything received so far.
    var everything: String {
        condition.lock()
        defer { condition.unlock() }
        return text
    }

    /// The response's body so far: the bytes after the headers, with the chunk framing removed.
    var body: String {
        condition.lock()
        defer { condition.unlock() }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headerEnd = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            return ""
        }
        var index = headerEnd + 4
        var body: [UInt8] = []
        while let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
              let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16), size > 0,
              lineEnd + 2 + size <= bytes.count {
            body += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            index = lineEnd + 2 + size + 2
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// How many bytes have arrived.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return bytes.count
    }

    /// Waits until more than `count` bytes have arrived; false when `deadline` passes first.
    func waitForMore(than count: Int, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while bytes.count == count {
            guard condition.wait(until: deadline) else { return bytes.count != count }
        }
        return true
    }

    /// Whether `expected` arrives before `deadline`.
    func waitFor(_ expected: String, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !text.contains(expected) {
            guard condition.wait(until: deadline) else { return text.contains(expected) }
        }
        return true
    }
}
