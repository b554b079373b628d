/// What the server makes of an uploaded image or PDF.
enum Renditions {
    /// The type of every thumbnail and preview: JPEG, without metadata (no EXIF, no GPS).
    static let contentType = "image/jpeg"
}
