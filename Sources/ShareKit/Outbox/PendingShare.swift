import Foundation
import WallCore

/// One share on its way: the request (with its idempotency id) and any files it carries.
public struct PendingShare: Sendable, Equatable {
    /// The request; its `id` stays the same through every retry.
    public var request: ShareRequest
    /// Pictures or files to upload with it.
    public var attachments: [AttachmentFile]
    /// The account it is for; an outbox drain sends it only with that account's token.
    public var userID: UUID?

    /// Makes a pending share.
    public init(request: ShareRequest, attachments: [AttachmentFile] = [], userID: UUID? = nil) {
        self.request = request
        self.attachments = attachments
        self.userID = userID
    }
}
