import WallCore

extension MediaInfo {
    /// What a card shows of an image or file item's file.
    public init(file: ItemFile) {
        self.init(
            fileName: file.name, byteCount: file.size, contentType: file.contentType, hasThumbnail: file.thumbnail != nil,
            hasPreview: file.preview != nil, width: file.width, height: file.height
        )
    }
}
