/// Limits of the S3-compatible blob store (`--blob-store s3://bucket/prefix`).
extension Limits {
    /// Size of one part of a multipart upload, in bytes (S3 wants at least 5 MiB but the last);
    /// a blob larger than one part goes up in parts, a part at a time, never whole in memory.
    public static let s3PartBytes: Int64 = 8 * 1_048_576
    /// How much a blob reader fetches per ranged GET, in bytes (it serves smaller sequential
    /// reads from that window).
    public static let s3ReadWindowBytes = 1_048_576
    /// Largest error or listing body read from the store, in bytes.
    public static let s3MaxResponseBodyBytes = 8 * 1_048_576
    /// Time allowed to connect to the store.
    public static let s3ConnectTimeout = Duration.seconds(5)
    /// Time allowed for one request without a byte moving either way.
    public static let s3IdleTimeout = Duration.seconds(30)
    /// Time allowed for one whole request (a part of `s3PartBytes` included).
    public static let s3RequestTimeout = Duration.seconds(300)
    /// Age after which a staged upload file the S3 store finds in its local folder at start is a
    /// killed process's and is removed (a live upload's file is written or sent within it).
    public static let s3StagedLeftoverAge = Duration.seconds(3_600)
}
