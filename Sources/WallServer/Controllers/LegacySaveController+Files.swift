import Foundation
import Hummingbird
import WallCore
import WallStore

extension LegacySaveController {
    /// `POST /api/save` as `multipart/form-data`: the fields `url`, `title`, `source`,
    /// `auth_token` (or the `Authorization` header) and an optional `id` (the share id, so a
    /// resent upload makes no second item; the reply's `id` is the first item's), plus up to `Limits.maxFilesPerShare` file parts.
    ///
    /// Without files it is the JSON route's link share. With files it is a multipart
    /// `POST /v1/share`: one item per file, each carrying the link and title, all in one
    /// transaction; types read from the bytes (415), each file streamed to disk and refused past
    /// the size limit (413).
    ///
    /// The order of checks: a token in the `Authorization` header is checked before a byte of the
    /// body is read; a token sent as the `auth_token` field is checked when the first file part
    /// begins (so it must come before the files) or, without files, when the body ends. Until
    /// then only text fields are read, within the multipart caps (`MultipartShareReader`).
    func saveForm(_ request: Request, boundary: String) async throws -> JSONBody<LegacySaveResponse> {
        let bearer = request.bearerToken
        let authorized = Locked<Identity?>(nil)
        if let bearer {
            let identity = try await authorize(bearer)
            authorized.withLock { $0 = identity }
        }
        let received = try await files.readForm(request, boundary: boundary) { [self] fields in
            if let known = authorized.withLock({ $0 }) { return known.userID }
            let identity = try await authorize(fields["auth_token"])
            authorized.withLock { $0 = identity }
            return identity.userID
        }
        do {
            let fields = received.fields
            // Without files the hook was never asked: check the token now.
            let identity: Identity
            if let known = authorized.withLock({ $0 }) {
                identity = known
            } else {
                identity = try await authorize(bearer ?? fields["auth_token"])
            }
            let legacy = LegacySaveRequest(
                url: fields["url"].flatMap(Self.nonEmpty), title: fields["title"].flatMap(Self.nonEmpty),
                source: fields["source"].flatMap(Self.nonEmpty)
            )
            var share = try legacy.shareRequest(now: Date())
            if let id = fields["id"].flatMap(Self.nonEmpty) {
                guard let parsed = UUID(text: id) else { throw APIError.validation(.invalid("id", "id is not a UUID.")) }
                share.id = parsed
                // A resent share must match the first: the server's clock decides when it was shared.
                share.timestamp = nil
            }
            guard !received.files.isEmpty else {
                let outcome = try await store.saveShare(try share.validated(), userID: identity.userID)
                metrics.count(outcome)
                return Self.reply(ShareReply(shareID: share.id, outcome: outcome))
            }
            share.contentType = .file
            let outcomes = try await files.saveFiles(share, files: received.files, userID: identity.userID)
            outcomes.forEach(metrics.count)
            let written = ShareReply.files(shareID: share.id, outcomes: outcomes)
            return JSONBody(
                LegacySaveResponse(id: outcomes[0].item.id, status: written.value.status, message: written.value.message),
                status: written.status
            )
        } catch {
            await received.abort()
            throw error
        }
    }

    private static func reply(_ reply: ShareReply) -> JSONBody<LegacySaveResponse> {
        JSONBody(
            LegacySaveResponse(id: reply.outcome.item.id, status: reply.status, message: reply.message),
            status: reply.httpStatus
        )
    }

    private static func nonEmpty(_ value: String) -> String? {
        value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
    }
}
