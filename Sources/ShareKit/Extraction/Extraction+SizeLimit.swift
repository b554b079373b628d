import Foundation
import WallCore

extension Extraction {
    /// The extraction with every picture or file larger than `limit` bytes moved to `skipped`
    /// (reason `.tooLarge`), so the sheet says so before Save instead of the server refusing it
    /// after the upload. Run it after pictures were made smaller (`ImagePolicy.apply`): a film
    /// can't be, a large photo usually can. The share sheet's activation rule can count
    /// attachments but not measure them, so this is where a long film is refused.
    public func refusingFiles(over limit: Int64 = Limits.defaultMaxUploadBytes) -> Extraction {
        var kept = Extraction(skipped: skipped)
        for (index, content) in contents.enumerated() {
            switch content {
            case .image(let file), .file(let file):
                if let bytes = file.byteCount, bytes > limit {
                    kept.skipped.append(SkippedAttachment(
                        index: index, typeIdentifiers: [file.type.rawValue],
                        reason: .tooLarge(filename: file.filename, bytes: bytes, limit: limit)
                    ))
                    continue
                }
            case .link, .page, .text: break
            }
            kept.contents.append(content)
        }
        return kept
    }
}
