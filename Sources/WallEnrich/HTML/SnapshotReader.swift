import Foundation
import WallCore

/// Reads a page snapshot (the page as the person saw it, sent by their browser) the way a
/// fetched page is read: its HTML goes through the same libxml2 extraction and the same
/// readable-text rules, decoded as UTF-8 whatever its `<meta charset>` claims (it arrived as a
/// JSON string, so it is Unicode already). Its HTML is never kept, only what is read from it.
public enum SnapshotReader {
    /// What the snapshot says about the page at `pageURL`. The snapshot's own title, text and
    /// canonical address win over what its HTML holds; the selection is not read here.
    public static func metadata(of snapshot: PageSnapshot, pageURL: URL) -> PageMetadata {
        var metadata = snapshot.html.map {
            MetadataExtractor.extract(from: Array($0.utf8), headerCharset: "utf-8", pageURL: pageURL)
        } ?? PageMetadata()
        if let title = snapshot.title { metadata.title = title }
        if metadata.readableText == nil, let text = snapshot.text {
            metadata.readableText = String(text.prefix(Limits.maxReadableTextLength))
        }
        if let canonical = snapshot.canonicalUrl.flatMap(URL.init(string:)) { metadata.canonicalURL = canonical }
        return metadata
    }
}
