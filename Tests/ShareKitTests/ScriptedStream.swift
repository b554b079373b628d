import Foundation
import ShareKit
import WallCore

/// A streaming transport that answers each `open` from a script of status and body chunks (or
/// a thrown error), and records the requests.
final class ScriptedStream: StreamingTransport, Sendable {
    enum Answer: Sendable {
        case stream(status: Int, headers: [String: String] = [:], chunks: [String])
        case fail(URLError.Code)
    }

    private let answers: Locked<[Answer]>
    private let log = Locked<[HTTPRequestMessage]>([])

    init(_ answers: [Answer]) { self.answers = Locked(answers) }

    var requests: [HTTPRequestMessage] { log.withLock { $0 } }

    func open(_ request: HTTPRequestMessage) async throws -> StreamingResponse {
        log.withLock { $0.append(request) }
        let answer = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch answer {
        case .stream(let status, let headers, let chunks)?:
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish()
            return StreamingResponse(head: HTTPResponseMessage(status: status, headers: headers), chunks: stream)
        case .fail(let code)?:
            throw URLError(code)
        case nil:
            // The script is over: end the run as a person leaving the screen would, by
            // cancelling the task it runs in.
            withUnsafeCurrentTask { $0?.cancel() }
            throw CancellationError()
        }
    }
}
