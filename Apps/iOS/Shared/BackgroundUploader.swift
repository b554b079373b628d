import Foundation
import ShareKit

/// Large uploads on a background `URLSession` in the App Group's container, so they finish after
/// the extension closes. The app opens a session with the same identifier at launch and when the
/// system wakes it for the session's events; each finished upload is handed to `settle` (which
/// settles its outbox entry through `Delivery.settleUpload`).
final class BackgroundUploader: NSObject, BackgroundUploading, URLSessionDataDelegate, @unchecked Sendable {
    /// What to do with a finished upload: its share, the answer (when one came), the error.
    typealias Settle = @Sendable (_ shareID: UUID, _ response: HTTPResponseMessage?, _ error: (any Error)?) -> Void

    private let lock = NSLock()
    private var bodies: [Int: Data] = [:]
    private var session: URLSession?
    private let settle: Settle
    private let uploadsDirectory: URL

    /// Opens (or reattaches to) the background session shared by the app and the extension.
    init(container: SharedContainer, settle: @escaping Settle) {
        self.settle = settle
        self.uploadsDirectory = container.uploadsDirectory
        super.init()
        let configuration = URLSessionConfiguration.background(withIdentifier: container.backgroundSessionIdentifier)
        configuration.sharedContainerIdentifier = container.appGroup
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Starts the upload of a body file written by `WallAPIClient.uploadRequest`.
    func startUpload(_ message: HTTPRequestMessage, bodyFile: URL, shareID: UUID) throws {
        guard let session else { throw URLError(.cannotCreateFile) }
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
}
