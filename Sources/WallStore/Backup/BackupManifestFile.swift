import Foundation

/// Reads and writes a backup folder's `backup.json`.
enum BackupManifestFile {
    /// Writes the manifest into `folder`, durably.
    static func write(_ manifest: BackupManifest, into folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let url = folder.appendingPathComponent(BackupManifest.fileName)
        try encoder.encode(manifest).write(to: url)
        StagingFolder.sync(url.path)
    }

    /// Reads the manifest of the backup in `folder`.
    static func read(from folder: URL) throws -> BackupManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(BackupManifest.fileName)),
              let manifest = try? decoder.decode(BackupManifest.self, from: data)
        else { throw BackupError.notABackup(folder.path) }
        guard manifest.format <= BackupManifest.currentFormat else { throw BackupError.unknownFormat(manifest.format) }
        return manifest
    }
}
