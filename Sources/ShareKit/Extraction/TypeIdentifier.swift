/// A uniform type identifier as the share sheet names it (`public.jpeg`, `com.adobe.pdf`).
///
/// A plain string wrapper, so the rules that use it compile and are tested where
/// UniformTypeIdentifiers does not exist.
public struct TypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier text.
    public var rawValue: String

    /// Wraps an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier text.
    public var description: String { rawValue }
}

extension TypeIdentifier {
    /// The root of everything shareable.
    public static let item = TypeIdentifier("public.item")
    /// Anything a person would call content (text, images, documents).
    public static let content = TypeIdentifier("public.content")
    /// A stream of bytes.
    public static let data = TypeIdentifier("public.data")
    /// Several kinds of content in one document (a PDF).
    public static let compositeContent = TypeIdentifier("public.composite-content")
    /// A link.
    public static let url = TypeIdentifier("public.url")
    /// A link to a local file.
    public static let fileURL = TypeIdentifier("public.file-url")
    /// Text of any kind.
    public static let text = TypeIdentifier("public.text")
    /// Plain text.
    public static let plainText = TypeIdentifier("public.plain-text")
    /// Plain text in UTF-8.
    public static let utf8PlainText = TypeIdentifier("public.utf8-plain-text")
    /// A picture of any format.
    public static let image = TypeIdentifier("public.image")
    /// A JPEG picture.
    public static let jpeg = TypeIdentifier("public.jpeg")
    /// A PNG picture.
    public static let png = TypeIdentifier("public.png")
    /// A HEIC picture (the iPhone camera's).
    public static let heic = TypeIdentifier("public.heic")
    /// A GIF picture.
    public static let gif = TypeIdentifier("com.compuserve.gif")
    /// A PDF document.
    public static let pdf = TypeIdentifier("com.adobe.pdf")
    /// Audio and video.
    public static let audiovisualContent = TypeIdentifier("public.audiovisual-content")
    /// A film.
    public static let movie = TypeIdentifier("public.movie")
    /// An MPEG-4 film.
    public static let mpeg4Movie = TypeIdentifier("public.mpeg-4")
    /// A QuickTime film.
    public static let quickTimeMovie = TypeIdentifier("com.apple.quicktime-movie")
    /// A property list: Safari's page payload (the result of the extension's JavaScript preprocessing).
    public static let propertyList = TypeIdentifier("com.apple.property-list")
}
