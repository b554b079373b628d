import Foundation

extension ShareRequest {
    /// Checks and normalises the request; throws a validation error naming the field at fault.
    ///
    /// `image` and `file` shares carry their content as attachments, so they are valid here only
    /// when `attachmentCount` is at least one.
    public func validated(attachmentCount: Int = 0) throws(ValidationError) -> ValidShare {
        let title = try TextRules.clean(title, field: "title", limit: Limits.maxTitleLength, multiline: false)
        let note = try TextRules.clean(userNote, field: "userNote", limit: Limits.maxNoteLength, multiline: true)
        let text = try TextRules.clean(text, field: "text", limit: Limits.maxTextLength, multiline: true)
        let wall = try TextRules.clean(wall, field: "wall", limit: Limits.maxWallNameLength, multiline: false)
        let tags = try TextRules.tags(tags)
        let link = try url.map { raw throws(ValidationError) in try URLCanonicalizer.canonicalize(raw) }
        if let timestamp, !Self.acceptedTimestamps.contains(timestamp.timeIntervalSince1970) {
            throw .invalid("timestamp", "timestamp must be between 1970 and 9999.")
        }

        let page = try page?.validated()
        if page != nil, contentType != .url {
            throw .invalid("page", "A page snapshot is sent only with a url share.")
        }

        switch contentType {
        case .url:
            guard link != nil else { throw .missing("url", "url is required for a url share.") }
        case .text:
            guard text != nil else { throw .missing("text", "text is required for a text share.") }
        case .image, .file:
            guard attachmentCount > 0 else {
                throw .missing("file", "An \(contentType.rawValue) share needs at least one attached file.")
            }
        }
        return ValidShare(
            shareID: id, kind: contentType, url: link?.original,
            canonicalURL: contentType == .url ? link?.canonical : nil,
            text: text, title: title, note: note, wall: wall, tags: tags,
            sharedAt: timestamp, source: source ?? .api, page: page
        )
    }

    /// Seconds since 1970 of the timestamps a share may carry: 1970-01-01 to 9999-12-31.
    static let acceptedTimestamps: ClosedRange<Double> = 0...253_402_300_799
}
