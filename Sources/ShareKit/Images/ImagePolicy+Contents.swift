import Foundation

extension ImagePolicy {
    /// The facts about an attachment: its size, and whether it is a picture that may be
    /// re-encoded (any image but a GIF, which would lose its animation).
    public func facts(
        for file: AttachmentFile, pixelSize: (width: Int, height: Int)?, table: TypeTable = .standard
    ) -> Facts {
        let byteCount: Int64 = switch file.source {
        case .data(let data): Int64(data.count)
        case .file(let url):
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
        }
        let isImage = table.conforms(file.type, to: .image) && !table.conforms(file.type, to: .gif)
        return Facts(byteCount: byteCount, isImage: isImage, pixelSize: pixelSize)
    }

    /// The name a smaller copy is sent under: the same stem, `.jpg`.
    public func downscaledFilename(_ filename: String) -> String {
        let stem = (filename as NSString).deletingPathExtension
        return (stem.isEmpty ? "picture" : stem) + ".jpg"
    }

    /// The contents with every picture this policy makes smaller replaced by what `downscale`
    /// makes of it (JPEG bytes at most the given number of pixels on the long side).
    /// `pixelSize` reads a picture's dimensions (from its header, without decoding it). Everything
    /// else is kept as it is: files, GIFs, pictures small enough, pictures `downscale` can't read
    /// (it returns nil or throws), and files over the limit that can't be made smaller (the
    /// server refuses those with its own message).
    public func apply(
        to contents: [SharedContent], table: TypeTable = .standard,
        pixelSize: (AttachmentFile) -> (width: Int, height: Int)?,
        downscale: (AttachmentFile, Int) throws -> Data?
    ) -> [SharedContent] {
        contents.map { content in
            guard case .image(let file) = content,
                  case .downscale(let maxPixelSize) = decide(facts(for: file, pixelSize: pixelSize(file), table: table)),
                  let data = try? downscale(file, maxPixelSize)
            else { return content }
            return .image(AttachmentFile(source: .data(data), type: .jpeg, filename: downscaledFilename(file.filename)))
        }
    }
}
