/// Limits on `multipart/form-data` bodies (`POST /v1/share` with files, `/api/save`, the share
/// target and the share page), enforced while the body streams in, before any credential sent in
/// the body is known.
extension Limits {
    /// Largest header block of one part, in bytes; also the most preamble before the first part
    /// and epilogue after the last that a body may carry.
    public static let maxPartHeaderBytes = 8_192
    /// Most parts in one multipart body (text fields, the metadata part, file parts and empty
    /// file inputs together).
    public static let maxMultipartParts = 100
    /// Largest multipart body, in bytes, for a server whose largest file is `maxFileBytes`: every
    /// file a share may hold, the form's text, the metadata part and every part's headers.
    public static func maxMultipartBodyBytes(maxFileBytes: Int64) -> Int64 {
        Int64(maxFilesPerShare) * maxFileBytes + Int64(maxFormBodyBytes) + Int64(maxShareMetadataBytes)
            + Int64(maxMultipartParts) * Int64(maxPartHeaderBytes + 100)
    }
}
