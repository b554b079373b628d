extension Limits {
    // MARK: Import and export

    /// Most entries in one `POST /v1/import` batch (one transaction).
    public static let maxImportBatchEntries = 1_000
    /// Largest `POST /v1/import` body, in bytes (a batch of long passages; far above a batch of links).
    public static let maxImportBodyBytes = 16 * 1_048_576
    /// Largest file `dwall import` and the settings page read, in bytes.
    public static let maxImportFileBytes = 256 * 1_048_576
    /// Largest archive `POST /v1/import/archive` takes (our export with its files), in bytes.
    public static let maxImportArchiveBytes: Int64 = 4 * 1_073_741_824
    /// Largest export document inside such an archive, in bytes.
    public static let maxImportArchiveDocumentBytes = 256 * 1_048_576
}
