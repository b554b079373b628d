/// Limits on how blob stores move bytes.
extension Limits {
    /// The piece a blob is read in when it is streamed (a response body, a copy to a file, a
    /// migration), in bytes: what one reader call holds in memory.
    public static let blobPieceBytes = 65_536
    /// The size of one row of `blob_chunks` in the PostgreSQL blob store, in bytes: what one
    /// upload holds in memory before it writes a row, and the most a ranged read over-fetches.
    public static let postgresBlobChunkBytes = 262_144
    /// How long an upload to a shared blob store may sit uncommitted before a sweep removes its
    /// staged bytes (a replica killed mid-upload leaves them behind).
    public static let abandonedBlobUploadAge = Duration.seconds(86_400)
}
