/// What extraction found in a share: the contents in attachment order, and what it skipped.
public struct Extraction: Sendable, Equatable {
    /// The contents found, in attachment order.
    public var contents: [SharedContent]
    /// The attachments that gave nothing, with the reason.
    public var skipped: [SkippedAttachment]

    /// Makes a result.
    public init(contents: [SharedContent] = [], skipped: [SkippedAttachment] = []) {
        self.contents = contents
        self.skipped = skipped
    }

    /// Whether there is anything to share.
    public var isEmpty: Bool { contents.isEmpty }
}
