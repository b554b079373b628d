import Foundation
import Hummingbird
import WallCore
import WallStore
import WallWeb

extension SharePageController {
    /// The share page's `multipart/form-data` POST (its form carries files), read as it streams
    /// (the session middleware leaves such a body unread): its `_csrf` field (or header) must be
    /// right before the first file byte reaches the disk, else nothing is kept. The files go the
    /// share target's way (`FileShareSaver`), each an item carrying the page's link, title,
    /// passage, note, tags and wall; without files, the fields are saved as the plain form's are.
    /// A file the saver refuses (its type, its size) is an error page, as for the share target.
    func streamedSave(
        _ request: Request, boundary: String, identity: Identity, context: WallRequestContext
    ) async throws -> Response {
        let headerVerified = context.csrfVerified
        let expected = context.csrfToken
        let received = try await web.files.readForm(request, boundary: boundary) { fields in
            guard headerVerified || Self.carriesToken(fields, expected: expected) else { throw WebError.csrfRejected }
            return identity.userID
        }
        let form = received.fields
        guard headerVerified || Self.carriesToken(form, expected: expected) else {
            await received.abort()
            throw WebError.csrfRejected
        }
        let source = form["source"].flatMap(ShareSource.init(rawValue:)) ?? .web
        let fields = SharedFields(title: form["title"], text: form["text"], url: form["url"])
        guard !received.files.isEmpty else {
            return try await saveFields(fields, form: form, identity: identity, context: context, source: source)
        }
        let share = fields.fileShareRequest(
            id: form["id"].flatMap { UUID(text: $0) } ?? UUID(), note: form["note"], tags: form["tags"].map(TagField.split),
            wall: form["wall"], source: source
        )
        do {
            let outcomes = try await web.files.saveFiles(share, files: received.files, userID: identity.userID)
            return try await savedRedirect(to: outcomes.first?.item, identity: identity)
        } catch let error as ValidationError {
            return try await page(
                fields, identity: identity, context: context, source: source,
                error: error.message + " The files were not kept; choose them again.", form: form
            )
        }
    }
}
