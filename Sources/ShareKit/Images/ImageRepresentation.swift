import Foundation

/// How the share extension loads a picture the share sheet offers, lightest on memory first (the
/// extension is ended above about 120 MB): the system's file of an encoded format (nothing held
/// in memory; ImageIO later reads only the header and a thumbnail), else its bytes, else — for a
/// picture offered only as an image object (`UIImage`: the screenshot editor, some apps) — the
/// object, encoded once as JPEG. Every way ends as a file in the extension's temporary folder.
public enum ImageRepresentation: Sendable, Equatable {
    /// `loadFileRepresentation(forTypeIdentifier:)`, copied before its handler returns.
    case file(TypeIdentifier)
    /// `loadDataRepresentation(forTypeIdentifier:)`, written to a file.
    case data(TypeIdentifier)
    /// `loadObject(ofClass: UIImage.self)`, encoded as JPEG into a file.
    case object

    /// The ways to try, in order, for an attachment offering `identifiers` (in the provider's
    /// order): each encoded image format (one with a file name extension: JPEG, HEIC, PNG, GIF) as
    /// a file, then as bytes; then any other image type the same ways; then the image object.
    /// Empty when nothing offered is a picture.
    public static func plan(for identifiers: [TypeIdentifier], table: TypeTable = .standard) -> [ImageRepresentation] {
        let images = identifiers.filter { table.conforms($0, to: .image) }
        guard !images.isEmpty else { return [] }
        let encoded = images.filter { table.preferredExtension(for: $0) != nil }
        let others = images.filter { table.preferredExtension(for: $0) == nil }
        return (encoded + others).flatMap { [ImageRepresentation.file($0), .data($0)] } + [.object]
    }

    /// What the folders of loaded pictures in the temporary folder are called (one per picture).
    public static let temporaryFolderPrefix = "Shared-"

    /// A fresh folder for one loaded picture in `temporaryDirectory`.
    public static func newTemporaryFolder(in temporaryDirectory: URL) -> URL {
        temporaryDirectory.appendingPathComponent(temporaryFolderPrefix + UUID().uuidString, isDirectory: true)
    }

    /// Removes the loaded pictures' folders from `temporaryDirectory` (when the share sheet
    /// closes: by then the outbox holds its own copies), and nothing else; returns how many.
    @discardableResult
    public static func removeTemporaryFolders(in temporaryDirectory: URL) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(temporaryFolderPrefix) && UUID(uuidString: String(name.dropFirst(temporaryFolderPrefix.count))) != nil {
            if (try? FileManager.default.removeItem(at: temporaryDirectory.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    /// The name of the file a picture is kept under: the name the sharing app suggested (without
    /// any folder), with the extension of its format; `Picture` when it suggested none. An image
    /// object becomes JPEG.
    public func filename(suggested: String?, table: TypeTable = .standard) -> String {
        let given = (suggested ?? "").split(separator: "/").last.map(String.init) ?? ""
        let stem = (given as NSString).deletingPathExtension.trimmingCharacters(in: .whitespaces)
        let base = stem.isEmpty || stem.hasPrefix(".") ? "Picture" : stem
        let type: TypeIdentifier? = switch self {
        case .file(let type), .data(let type): type
        case .object: .jpeg
        }
        let pathExtension = type.flatMap(table.preferredExtension(for:)) ?? (given as NSString).pathExtension
        return pathExtension.isEmpty ? base : base + "." + pathExtension
    }
}
