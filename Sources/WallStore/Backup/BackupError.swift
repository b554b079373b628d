import Foundation

/// Why `dwall backup` or `dwall restore` refused or failed; nothing was left half-made.
public enum BackupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The backup's destination exists and holds files.
    case destinationNotEmpty(String)
    /// The data folder has no SQLite database to back up.
    case noDatabase(String)
    /// A blob the snapshot refers to was gone when it was copied (its item was deleted meanwhile).
    case blobVanished(String)
    /// The folder to restore from has no readable `backup.json`.
    case notABackup(String)
    /// The backup was written by a newer dwall in a format this one does not know.
    case unknownFormat(Int)
    /// The folder to restore into exists and holds files (perhaps a running server's).
    case targetNotEmpty(String)
    /// The backup's database failed SQLite's integrity check.
    case damagedDatabase(String)
    /// A blob the backup's database refers to is missing from the backup.
    case missingBlob(String)
    /// A blob's bytes don't hash to its name.
    case damagedBlob(String)

    /// A sentence for the person running the command.
    public var description: String {
        switch self {
        case .destinationNotEmpty(let path):
            "\(path) already holds files; a backup goes into a new or empty folder."
        case .noDatabase(let path):
            "There is no database at \(path); is --data the server's data folder?"
        case .blobVanished(let hash):
            "The file \(hash) went away while it was being copied (its item was deleted meanwhile); run the backup again."
        case .notABackup(let path):
            "\(path) is not a dwall backup (it has no readable backup.json)."
        case .unknownFormat(let format):
            "This backup has format \(format), which this dwall does not know; restore it with a newer dwall."
        case .targetNotEmpty(let path):
            "\(path) already holds files (a data folder in use?); restore makes a new data folder and never "
                + "overwrites one: give a new or empty folder."
        case .damagedDatabase(let detail):
            "The backup's database is damaged (\(detail)); nothing was restored."
        case .missingBlob(let hash):
            "The backup lacks the file \(hash) that its database refers to; nothing was restored."
        case .damagedBlob(let hash):
            "The backup's file \(hash) does not hold the bytes its name promises; nothing was restored."
        }
    }
}
