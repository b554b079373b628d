import Foundation

/// What a backup folder holds, written last as `backup.json` (a folder without it is not a
/// complete backup).
public struct BackupManifest: Codable, Sendable, Equatable {
    /// The layout version: `wall.sqlite` (SQLite only) and `blobs/sha256/ab/abcd…`.
    public var format: Int
    /// When the snapshot was taken.
    public var createdAt: Date
    /// `sqlite` (the database is in the folder) or `postgresql` (only the blobs: the database
    /// is backed up with `pg_dump`).
    public var database: String
    /// How many items the snapshot holds (SQLite only).
    public var items: Int?
    /// How many blobs were copied, and their bytes.
    public var blobs: Int
    /// The blobs' total size in bytes.
    public var blobBytes: Int64

    /// The format this dwall writes and reads.
    public static let currentFormat = 1
    /// The manifest's file name in a backup folder.
    public static let fileName = "backup.json"
}
