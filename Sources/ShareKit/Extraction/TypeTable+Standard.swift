extension TypeTable {
    /// The identifiers the share sheet uses, with Apple's conformance hierarchy.
    public static let standard = TypeTable(entries: [
        .item: Entry(parents: []),
        .content: Entry(parents: [.item]),
        .data: Entry(parents: [.item], mimeType: "application/octet-stream"),
        .compositeContent: Entry(parents: [.content]),
        .url: Entry(parents: [.data]),
        .fileURL: Entry(parents: [.url]),
        .text: Entry(parents: [.data, .content], mimeType: "text/plain"),
        .plainText: Entry(parents: [.text], mimeType: "text/plain", extensions: ["txt", "text"]),
        .utf8PlainText: Entry(parents: [.plainText], mimeType: "text/plain; charset=utf-8"),
        .propertyList: Entry(parents: [.data], mimeType: "application/x-plist", extensions: ["plist"]),
        .image: Entry(parents: [.data, .content]),
        .jpeg: Entry(parents: [.image], mimeType: "image/jpeg", extensions: ["jpeg", "jpg", "jpe"]),
        .png: Entry(parents: [.image], mimeType: "image/png", extensions: ["png"]),
        .heic: Entry(parents: [.image], mimeType: "image/heic", extensions: ["heic"]),
        .gif: Entry(parents: [.image], mimeType: "image/gif", extensions: ["gif"]),
        .pdf: Entry(parents: [.data, .compositeContent], mimeType: "application/pdf", extensions: ["pdf"]),
        .audiovisualContent: Entry(parents: [.data, .content]),
        .movie: Entry(parents: [.audiovisualContent], mimeType: "video/quicktime"),
        .mpeg4Movie: Entry(parents: [.movie], mimeType: "video/mp4", extensions: ["mp4", "m4v"]),
        .quickTimeMovie: Entry(parents: [.movie], mimeType: "video/quicktime", extensions: ["mov", "qt"]),
    ])
}
