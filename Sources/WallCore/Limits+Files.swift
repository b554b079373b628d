/// Limits on shared images and files.
extension Limits {
    /// Most files in one share (each becomes one item).
    public static let maxFilesPerShare = 10
    /// Largest file by default, in bytes (25 MB); `dwall serve --max-upload-mb` changes it.
    public static let defaultMaxUploadBytes: Int64 = 25 * 1_048_576
    /// Largest `metadata` part of a multipart share, in bytes.
    public static let maxShareMetadataBytes = 65_536
    /// Longest file name kept, in characters (longer names are cut).
    public static let maxFileNameLength = 255
    /// Width of a card's thumbnail, in pixels.
    public static let thumbnailWidth = 480
    /// Width of an item's large preview, in pixels.
    public static let previewWidth = 1_200
    /// Largest image the thumbnailer decodes, in pixels (a decompression bomb is refused).
    public static let maxImagePixels = 100_000_000
    /// How long an unreferenced blob is kept before a sweep may remove it (an upload's blob is
    /// stored just before the transaction that refers to it).
    public static let blobSweepGrace = Duration.seconds(3_600)
}
