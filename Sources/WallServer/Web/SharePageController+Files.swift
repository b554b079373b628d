import Foundation
import Hummingbird
import WallCore
import WallStore
import WallWeb

extension SharePageController {
    /// The share target's `multipart/form-data` POST, read as it streams (the session middleware
    /// leaves such a body unread): the text fields as for any share target POST, and each file
    /// part streamed to disk on the path of a multipart `POST /v1/share` (`FileShareSaver`), under
    /// its limits. With files, every file becomes an item carrying the shared link, title and
    /// passage (as the API's metadata would); without, the fields are saved as a link or passage.
    ///
    /// Nothing is written to disk for a browser that is not signed in or whose POST is not
    /// confirmed (no CSRF token, not made by the person): the first file part stops the read.
    func streamedShareTarget(_ request: Request, boundary: String, context: WallRequestContext) async throws -> Response {
        let identity = context.identity.flatMap { $0.sessionID == nil ? nil : $0 }
        let headerVerified = context.csrfVerified
        let madeByPerson = Self.madeByPerson(request)
        let expected = context.csrfToken
        let received: ReceivedShare
        do {
            received = try await web.files.readForm(request, boundary: boundary) { fields in
                let shared = SharedFields(title: fields["title"], text: fields["text"], url: fields["url"])
                guard let identity else { throw WebError.signInRequired(next: Self.sharePage(shared)) }
                guard headerVerified || madeByPerson || Self.carriesToken(fields, expected: expected) else {
                    throw UnconfirmedFiles(fields: fields)
                }
                return identity.userID
            }
        } catch let unconfirmed as UnconfirmedFiles {
            let fields = SharedFields(title: unconfirmed.fields["title"], text: unconfirmed.fields["text"], url: unconfirmed.fields["url"])
            guard let identity else { throw WebError.signInRequired(next: Self.sharePage(fields)) }
            return try await page(
                fields, identity: identity, context: context, source: .webShareTarget,
                error: "The files were not kept: this page could not tell that you sent them. Save the rest here, "
                    + "and share the files again from the share sheet or the wall.",
                status: .ok
            )
        }
        let form = received.fields
        let fields = SharedFields(title: form["title"], text: form["text"], url: form["url"])
        guard let identity else {
            await received.abort()
            throw WebError.signInRequired(next: Self.sharePage(fields))
        }
        guard headerVerified || madeByPerson || Self.carriesToken(form, expected: expected) else {
            await received.abort()
            return try await page(fields, identity: identity, context: context, source: .webShareTarget)
        }
        guard !received.files.isEmpty else {
            return try await saveShareTarget(fields, form: form, identity: identity, context: context)
        }
        let share = fields.fileShareRequest(
            id: form["id"].flatMap { UUID(text: $0) } ?? UUID(), note: form["note"], tags: form["tags"].map(TagField.split),
            wall: form["wall"], source: .webShareTarget
        )
        _ = try await web.files.saveFiles(share, files: received.files, userID: identity.userID)
        return web.redirect("/?notice=saved")
    }

    /// Whether a streamed form carried the page's CSRF token in its `_csrf` field.
    static func carriesToken(_ fields: FormData, expected: String?) -> Bool {
        guard let candidate = fields[CSRFToken.field], let expected else { return false }
        return ConstantTime.equal(candidate, expected)
    }
}

/// A share target POST with files that is not confirmed as the person's: its files are not read.
private struct UnconfirmedFiles: Error {
    var fields: FormData
}
