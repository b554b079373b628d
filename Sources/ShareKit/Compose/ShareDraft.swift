import Foundation
import WallCore

/// Turns what was extracted, plus the person's note, wall and tags, into share requests.
///
/// Each content becomes one share, except that a short single-line text shared beside a link
/// (apps often send a page's title as a second attachment) becomes the link's title.
public struct ShareDraft: Sendable, Equatable {
    /// What was extracted.
    public var contents: [SharedContent]
    /// The note, applied to every share.
    public var note: String?
    /// The wall (id or slug); the default wall when `nil`.
    public var wall: String?
    /// Tags, applied to every share.
    public var tags: [String]
    /// Where the shares come from.
    public var source: ShareSource

    /// Makes a draft.
    public init(contents: [SharedContent], note: String? = nil, wall: String? = nil, tags: [String] = [], source: ShareSource) {
        self.contents = contents
        self.note = note
        self.wall = wall
        self.tags = tags
        self.source = source
    }

    /// The shares, each with a fresh id from `makeID` (time-ordered by default) and `now` as timestamp.
    public func shares(now: Date = Date(), makeID: () -> UUID = { UUID.timeOrdered() }) -> [PendingShare] {
        let note = note?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        return mergedContents.map { content in
            var request = ShareRequest(
                id: makeID(), contentType: content.kind, userNote: note, wall: wall, tags: tags.isEmpty ? nil : tags,
                timestamp: now, source: source
            )
            var attachments: [AttachmentFile] = []
            switch content {
            case .link(let url, let title):
                request.url = url.absoluteString
                request.title = title
            case .page(let payload):
                request.url = payload.url.absoluteString
                request.title = payload.title
                request.page = payload.snapshot
                request = request.fittingJSONBody()
            case .text(let text, let page, let title):
                request.text = text
                request.url = page?.absoluteString
                request.title = title
            case .image(let file), .file(let file):
                attachments = [file]
            }
            return PendingShare(request: request, attachments: attachments)
        }
    }

    /// The contents as they will be shared: a title-like text beside a link without a title
    /// becomes that link's title (what the preview shows, too).
    public var mergedContents: [SharedContent] {
        var contents = contents
        if let linkIndex = contents.firstIndex(where: { if case .link(_, nil) = $0 { true } else { false } }),
           let titleIndex = contents.firstIndex(where: Self.isTitleLike),
           case .link(let url, _) = contents[linkIndex], case .text(let title, _, _) = contents[titleIndex] {
            contents[linkIndex] = .link(url, title: title)
            contents.remove(at: titleIndex)
        }
        return contents
    }

    /// A text with no page of its own that is short and on one line: a title, not a passage.
    private static func isTitleLike(_ content: SharedContent) -> Bool {
        guard case .text(let text, nil, nil) = content else { return false }
        return text.count <= Limits.maxTitleLength && !text.contains(where: \.isNewline)
    }
}

extension String {
    /// `nil` for an empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
