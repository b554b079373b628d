import Foundation
import WallCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production streaming transport: a `URLSession` whose delegate passes the body on as it
/// arrives (the same code on Apple platforms and Linux, where `bytes(for:)` does not exist).
public final class URLSessionStreamingTransport: StreamingTransport {
    private let delegate = StreamingDelegate()
    private let session: URLSession

    /// Makes a transport that gives up on a connection silent for `idleTimeout` (the server sends
    /// a heartbeat comment well within it).
    public init(idleTimeout: Duration = .seconds(90)) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout.seconds
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Starts the request and returns when its first bytes (or its end) arrive.
    public func open(_ message: HTTPRequestMessage) async throws -> StreamingResponse {
        var request = URLRequest(url: message.url)
        request.httpMethod = message.method
        request.httpBody = message.body
        for (name, value) in message.headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let (chunks, body) = AsyncThrowingStream<Data, any Error>.makeStream()
        body.onTermination = { _ in task.cancel() }
        let delegate = self.delegate
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPResponseMessage, any Error>) in
                delegate.register(task.taskIdentifier, head: head, body: body)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return StreamingResponse(head: head, chunks: chunks)
    }
}

/// Hands each task's response head to its opener once, then its bytes to its stream.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Stream {
        var head: CheckedContinuation<HTTPResponseMessage, any Error>?
        let body: AsyncThrowingStream<Data, any Error>.Continuation
    }

    private let streams = Locked<[Int: Stream]>([:])

    func register(_ task: Int, head: CheckedContinuation<HTTPResponseMessage, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation) {
        streams.withLock { $0[task] = Stream(head: head, body: body) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let taken = streams.withLock { streams -> (CheckedContinuation<HTTPResponseMessage, any Error>?, AsyncThrowingStream<Data, any Error>.Continuation)? in
            guard var stream = streams[dataTask.taskIdentifier] else { return nil }
            let head = stream.head
            stream.head = nil
            streams[dataTask.taskIdentifier] = stream
            return (head, stream.body)
        }
        guard let (head, body) = taken else { return }
        head?.resume(with: Self.head(of: dataTask.response))
        body.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let stream = streams.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let head = stream.head {
            if let error { head.resume(throwing: error) } else { head.resume(with: Self.head(of: task.response)) }
        }
        if let error, (error as? URLError)?.code != .cancelled {
            stream.body.finish(throwing: error)
        } else {
            stream.body.finish()
        }
    }

    private static func head(of response: URLResponse?) -> Result<HTTPResponseMessage, any Error> {
        guard let http = response as? HTTPURLResponse else { return .failure(URLError(.badServerResponse)) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return .success(HTTPResponseMessage(status: http.statusCode, headers: headers))
    }
}
