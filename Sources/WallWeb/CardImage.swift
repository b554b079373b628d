import WallCore

/// A card's picture, ready for `card.mustache`: its source, the stored renditions as a `srcset`
/// (so a phone's narrow column and a wide screen each get the width they show), and its width
/// and height, so the card keeps the picture's space before it loads and nothing jumps.
public struct CardImage: Sendable, Equatable {
    /// The default source (the thumbnail, or a link's preview image).
    public var src: String
    /// Each rendition with its width (`… 480w, … 1200w`), when there is more than one.
    public var srcset: String?
    /// The picture's width in pixels (with `height`, its aspect ratio), when known.
    public var width: Int?
    /// The picture's height in pixels, when known.
    public var height: Int?

    /// How wide a card's picture is shown: half the screen on a phone (two columns), a column of
    /// the grid on wider screens (see `.wall` in app.css).
    public static let sizes = "(max-width: 599px) calc(50vw - 15px), (max-width: 840px) calc(50vw - 24px), 340px"

    /// Makes a picture.
    public init(src: String, srcset: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.src = src
        self.srcset = srcset
        self.width = width
        self.height = height
    }

    /// The thumbnail (and preview) of item `id`'s stored image.
    public init(itemID id: String, media: MediaInfo) {
        let thumbnail = "/v1/items/\(id)/thumbnail"
        self.init(src: thumbnail)
        guard let width = media.width, let height = media.height, width > 0, height > 0 else { return }
        self.width = width
        self.height = height
        if media.hasPreview {
            let small = Self.renditionWidth(width: width, height: height, box: Limits.thumbnailWidth)
            let large = Self.renditionWidth(width: width, height: height, box: Limits.previewWidth)
            if large > small { srcset = "\(thumbnail) \(small)w, /v1/items/\(id)/preview \(large)w" }
        }
    }

    /// The width of a rendition made to fit `box` wide and three times that tall, never enlarged
    /// (as `ImageRenderer.rendition` makes them).
    static func renditionWidth(width: Int, height: Int, box: Int) -> Int {
        max(1, min(width, box, box * 3 * width / height))
    }
}
