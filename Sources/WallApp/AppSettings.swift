import WallCore
import WallMedia
import WallStore

/// What the application core is built with: where the data lives and the choices `dwall serve`'s
/// flags make about it (no HTTP settings here).
public struct AppSettings: Sendable {
    /// Where the data lives.
    public var location: StoreLocation
    /// Whether shared links are fetched for their previews (enrichment) at all.
    public var linkPreviews = true
    /// Whether link previews may fetch loopback, private and link-local addresses.
    public var allowPrivateFetch = false
    /// Bcrypt cost for new passwords.
    public var bcryptCost: UInt8 = 12
    /// Largest file a share (or an imported archive) may carry, in bytes.
    public var maxUploadBytes = Limits.defaultMaxUploadBytes
    /// Where files are kept (`--blob-store`); nil for the standard choice
    /// (`BlobStoreOpener.resolve`: PostgreSQL's store with a PostgreSQL database, else the folder).
    public var blobStore: BlobStoreLocation?
    /// The languages text is recognised in, in pictures and scans (Tesseract's names joined by
    /// `+`, each installed); nil turns recognition off (`--no-ocr`).
    public var ocrLanguages: String? = "eng"
    /// What the hourly pruning keeps.
    public var retention = RetentionPolicy()

    /// Why `languages` can't be given to `ocrLanguages` (a language that is not installed, with
    /// those that are), for `dwall serve` to refuse before it starts; nil when it can.
    public static func ocrLanguageProblem(_ languages: String) -> String? {
        TextRecognizer.problem(with: languages)?.description
    }

    /// Makes settings for `location`, every choice at its default.
    public init(location: StoreLocation) { self.location = location }
}
