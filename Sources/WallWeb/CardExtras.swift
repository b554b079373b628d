import Foundation
import WallCore

/// What a card shows beyond the item itself, once other parts have it: a link preview from
/// enrichment, a stored image or file from uploads. Nothing here is required; a card without
/// extras shows what was shared.
public struct CardExtras: Sendable, Equatable {
    /// A link's preview, from enrichment.
    public var preview: CardPreview?
    /// A stored image or file, from uploads.
    public var media: MediaInfo?

    /// Makes extras.
    public init(preview: CardPreview? = nil, media: MediaInfo? = nil) {
        self.preview = preview
        self.media = media
    }

    /// What the item itself carries: its link preview, once enrichment has made one, and its
    /// file (name, size, type, and whether a thumbnail is made yet).
    public init(item: Item) {
        self.init(preview: item.preview.map(CardPreview.init), media: item.file.map(MediaInfo.init(file:)))
    }

    /// No extras.
    public static let none = CardExtras()
}

/// What enrichment learnt about a link. Images are never hot-linked: `hasImage` and `hasIcon`
/// say that our own routes serve them.
public struct CardPreview: Sendable, Equatable {
    /// The page's title (the item's own title wins).
    public var title: String?
    /// The page's description.
    public var description: String?
    /// The site's name (`og:site_name`).
    public var siteName: String?
    /// Whether a preview image is stored (served at `/v1/items/{id}/link-image`).
    public var hasImage: Bool
    /// Whether the site's icon is stored (served at `/v1/items/{id}/icon`).
    public var hasIcon: Bool
    /// Why enrichment failed, in words a person can read.
    public var failure: String?

    /// Makes a preview.
    public init(
        title: String? = nil, description: String? = nil, siteName: String? = nil, hasImage: Bool = false,
        hasIcon: Bool = false, failure: String? = nil
    ) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.hasImage = hasImage
        self.hasIcon = hasIcon
        self.failure = failure
    }
}

extension CardPreview {
    /// The card's part of an item's preview: pictures only as "stored here", never their source.
    public init(_ preview: LinkPreview) {
        self.init(
            title: preview.title, description: preview.description, siteName: preview.siteName,
            hasImage: preview.imagePath != nil, hasIcon: preview.iconPath != nil, failure: preview.failureReason
        )
    }
}

/// A stored image or file. Thumbnails are served at `/v1/items/{id}/thumbnail`, the file at
/// `/v1/items/{id}/file`.
public struct MediaInfo: Sendable, Equatable {
    /// The file's name as shared.
    public var fileName: String?
    /// Its size in bytes.
    public var byteCount: Int64
    /// Its detected type (`image/jpeg`, `application/pdf`).
    public var contentType: String
    /// Whether a thumbnail exists (images, and a PDF's first page).
    public var hasThumbnail: Bool
    /// Whether the large preview exists too.
    public var hasPreview: Bool
    /// The image's width in pixels, once known.
    public var width: Int?
    /// The image's height in pixels, once known.
    public var height: Int?

    /// Makes media information.
    public init(
        fileName: String?, byteCount: Int64, contentType: String, hasThumbnail: Bool, hasPreview: Bool = false,
        width: Int? = nil, height: Int? = nil
    ) {
        self.fileName = fileName
        self.byteCount = byteCount
        self.contentType = contentType
        self.hasThumbnail = hasThumbnail
        self.hasPreview = hasPreview
        self.width = width
        self.height = height
    }
}
