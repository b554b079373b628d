/// What the share sheet's type identifiers conform to, and how their files are named and sent.
///
/// Conformance is transitive: `public.jpeg` is a `public.image`, which is `public.data`. An
/// identifier the table does not know conforms only to itself.
public struct TypeTable: Sendable {
    /// One known identifier.
    public struct Entry: Sendable {
        /// The identifiers it directly conforms to.
        public var parents: [TypeIdentifier]
        /// Its MIME type, for a multipart upload.
        public var mimeType: String?
        /// File name extensions that mean it (the first is preferred).
        public var extensions: [String]

        /// Makes an entry.
        public init(parents: [TypeIdentifier], mimeType: String? = nil, extensions: [String] = []) {
            self.parents = parents
            self.mimeType = mimeType
            self.extensions = extensions
        }
    }

    private let entries: [TypeIdentifier: Entry]

    /// Makes a table.
    public init(entries: [TypeIdentifier: Entry]) { self.entries = entries }

    /// Whether `type` is `parent` or conforms to it through the table.
    public func conforms(_ type: TypeIdentifier, to parent: TypeIdentifier) -> Bool {
        var seen: Set<TypeIdentifier> = []
        var pending = [type]
        while let next = pending.popLast() {
            if next == parent { return true }
            guard seen.insert(next).inserted else { continue }
            pending += entries[next]?.parents ?? []
        }
        return false
    }

    /// Whether the table knows `type`.
    public func knows(_ type: TypeIdentifier) -> Bool { entries[type] != nil }

    /// The MIME type to upload `type` as; the nearest known ancestor's, else `application/octet-stream`.
    public func mimeType(for type: TypeIdentifier) -> String {
        var pending = [type]
        while !pending.isEmpty {
            let entry = entries[pending.removeFirst()]
            if let mime = entry?.mimeType { return mime }
            pending += entry?.parents ?? []
        }
        return "application/octet-stream"
    }

    /// The preferred file name extension for `type`, when it has one.
    public func preferredExtension(for type: TypeIdentifier) -> String? { entries[type]?.extensions.first }

    /// The most specific identifier a file name extension stands for (`JPG` → `public.jpeg`).
    public func type(forExtension pathExtension: String) -> TypeIdentifier? {
        let wanted = pathExtension.lowercased()
        return entries.first { $0.value.extensions.contains(wanted) }?.key
    }
}
