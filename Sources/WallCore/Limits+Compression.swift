/// Limits on compressing responses.
extension Limits {
    /// Smallest response body the server compresses, in bytes (below it gzip's header and the
    /// work cost more than they save).
    public static let minCompressedBodyBytes = 1_024
    /// Largest response body the server compresses, in bytes (a larger one goes as it is rather
    /// than being held in memory twice).
    public static let maxCompressedBodyBytes = 8 * 1_048_576
}
