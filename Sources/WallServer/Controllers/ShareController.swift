import Foundation
import Hummingbird
import WallApp
import WallCore
import WallStore

/// `POST /v1/share`: store one shared link or passage, exactly once per share id.
struct ShareController {
    let metrics: WallMetrics
    /// Saves image and file shares (`multipart/form-data`).
    let files: FileShareSaver
    /// Saves link and text shares (keeping their page snapshots for the enrich job).
    let shares: ShareSaver

    var endpoints: RouteCollection<WallRequestContext> {
        RouteCollection(context: WallRequestContext.self).post(use: share)
    }

    func share(_ request: Request, context: WallRequestContext) async throws -> WrittenJSON<ShareResponse> {
        let identity = try context.requireIdentity()
        if let boundary = FileShareSaver.boundary(of: request) {
            let saved = try await files.save(request, boundary: boundary, userID: identity.userID, defaultSource: .api)
            saved.outcomes.forEach(metrics.count)
            return ShareReply.files(shareID: saved.shareID, outcomes: saved.outcomes)
        }
        let body = try await context.requestDecoder.decodeShare(from: request, context: context)
        guard body.contentType == .url || body.contentType == .text else {
            throw APIError.unsupportedMediaType("Send images and files as multipart/form-data.")
        }
        let outcome = try await shares.save(try body.validated(), userID: identity.userID)
        metrics.count(outcome)
        return ShareReply(shareID: body.id, outcome: outcome).json
    }
}

/// How a share outcome is told to the client: status code, status word and message.
struct ShareReply {
    var shareID: UUID
    var outcome: ShareOutcome

    var httpStatus: HTTPResponse.Status { outcome.kind == .created ? .created : .ok }

    var status: ShareStatus { outcome.item.state == .pending ? .queued : .saved }

    var message: String {
        switch outcome.kind {
        case .created where status == .queued: "Saved; \(outcome.item.kind == .image ? "the thumbnail" : "the preview") is on its way."
        case .created: "Saved."
        case .duplicate: "Already on your wall; moved it to the top."
        case .replayed: "Already saved."
        }
    }

    var json: WrittenJSON<ShareResponse> {
        WrittenJSON(
            ShareResponse(id: shareID, status: status, message: message, item: outcome.item, duplicate: outcome.isDuplicate),
            status: httpStatus
        )
    }
}
