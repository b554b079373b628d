import Foundation
import ShareKit

/// Large uploads on a background `URLSession` in the App Group's container, so they finish after
/// the extension closes. Each extension launch opens a session of its own
/// (`SharedContainer.extensionUploadSession(launch:)`): iOS lets one process at a time use a
/// background session. When uploads end after the extension is gone, iOS wakes the app, which
/// opens the same identifier with this class to receive them (`AppDelegate`). Each finished
/// upload is handed to `settle` (`Delivery.settleUpload`); `eventsFinished` runs once the session
/// has delivered everything (`urlSessionDidFinishEvents`), so the app can tell iOS it is done.
final class BackgroundUploader: NSObject, BackgroundUploading, URLSessionDataDelegate, @unchecked Sendable {
    /// What to do with a finished upload: its share, the answer (when one came), the error.
    typealias Settle = @Sendable (_ shareID: UUID, _ response: HTTPResponseMessage?, _ error: (any Error)?) -> Void

    /// The session's identifier.
    let identifier: String
    private let lock = NSLock()
    private var bodies: [Int: Data] = [:]
    private var session: URLSession?
    private let settle: Settle
    private let eventsFinished: @Sendable (String) -> Void
    private let uploadsDirectory: URL

    /// Opens the background session `identifier` (a new one in the extension; the one iOS woke
    /// the app for in the app). Uploads give up after the handover lifetime, after which a drain
    /// takes the share back.
    init(
        identifier: String, container: SharedContainer, policy: BackgroundUploadPolicy = .standard,
        settle: @escaping Settle, eventsFinished: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.identifier = identifier
        self.settle = settle
        self.eventsFinished = eventsFinished
        self.uploadsDirectory = container.uploadsDirectory
        super.init()
        let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
        configuration.sharedContainerIdentifier = container.appGroup
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        configuration.timeoutIntervalForResource = policy.handoverLifetimeSeconds
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        lock.withLock { self.session = session }
    }

    /// Starts the upload of a body file written by `WallAPIClient.uploadRequest`.
    func startUpload(_ message: HTTPRequestMessage, bodyFile: URL, shareID: UUID) throws {
        guard let session = lock.withLock({ self.session }) else { throw URLError(.cannotCreateFile) }
        var request = URLRequest(url: message.url)
        request.httpMethod = message.method
        for (name, value) in message.headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.uploadTask(with: request, fromFile: bodyFile)
        task.taskDescription = shareID.uuidString
        task.resume()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { bodies[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let body = lock.withLock { bodies.removeValue(forKey: task.taskIdentifier) } ?? Data()
        guard let shareID = task.taskDescription.flatMap(UUID.init(uuidString:)) else { return }
        var response: HTTPResponseMessage?
        if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
            response = HTTPResponseMessage(status: http.statusCode, headers: headers, body: body)
        }
        settle(shareID, response, error)
        try? FileManager.default.removeItem(at: MultipartFileWriter.bodyFile(for: shareID, in: uploadsDirectory))
    }

    // MARK: URLSessionDelegate

    /// Every event of a session iOS woke the app for has been delivered (and each upload settled,
    /// on this same delegate queue, before it).
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        eventsFinished(identifier)
    }
}
