import Foundation
import WallCore

extension ShareError {
    /// The error a non-2xx response stands for, read from the API's error body and `Retry-After`.
    public init(response: HTTPResponseMessage, now: Date = Date()) {
        let detail = try? WallJSON.decoder().decode(ErrorBody.self, from: response.body).error
        let message = detail?.message ?? "HTTP \(response.status)"
        let wait = response.header("Retry-After").flatMap { RetryAfter.parse($0, now: now) }
        switch response.status {
        case 400: self = .invalid(field: detail?.field, message: message)
        case 401: self = .unauthorized(message)
        case 404: self = .notFound(field: detail?.field, message: message)
        case 409: self = .conflict(code: detail?.code ?? .conflict, message: message)
        case 413: self = .tooLarge(message)
        case 415: self = .unsupported(message)
        case 429: self = .rateLimited(retryAfter: wait)
        case 503: self = .unavailable(retryAfter: wait)
        // 408 (a proxy tired of a slow body) and 425 (too early) invite the same request again.
        case 408, 425, 500..<600: self = .server(status: response.status, message: message)
        default: self = .unexpected(status: response.status, message: message)
        }
    }

    /// The error a failed transport call stands for.
    public init(transportError error: any Error) {
        if error is CancellationError {
            self = .cancelled
        } else if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: self = .timedOut
            case .cancelled: self = .cancelled
            default: self = .offline(urlError.localizedDescription)
            }
        } else {
            self = .offline("\(error)")
        }
    }
}
