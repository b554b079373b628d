import Foundation
import WallCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Credentials in a JSON file readable by its owner only (0600, in a 0700 folder), replaced
/// atomically. For Linux and other platforms without a keychain.
public struct FileCredentialStore: CredentialStore {
    /// The file.
    public let file: URL

    /// Keeps credentials in `file`.
    public init(file: URL) { self.file = file }

    /// Reads the file; `nil` when it does not exist.
    public func load() throws -> Credentials? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return try WallJSON.decoder().decode(Credentials.self, from: data)
    }

    /// Writes the file: a 0600 temporary file beside it, fsynced, renamed over it.
    public func save(_ credentials: Credentials) throws {
        let folder = file.deletingLastPathComponent().path
        try DiskIO.makeDirectory(folder)
        let data = try WallJSON.encoder().encode(credentials)
        let temporary = folder + "/." + file.lastPathComponent + "." + UUID.timeOrdered().uuidString
        let fd = try DiskIO.createExclusive(temporary)
        do {
            defer { close(fd) }
            try DiskIO.writeAll(fd, data, path: temporary)
            try DiskIO.sync(fd, path: temporary)
            try DiskIO.move(temporary, file.path)
        } catch {
            try? DiskIO.unlinkIfPresent(temporary)
            throw error
        }
        try DiskIO.syncDirectory(folder)
    }

    /// Removes the file.
    public func delete() throws { try DiskIO.unlinkIfPresent(file.path) }
}
