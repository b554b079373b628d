import Foundation
import Logging
import WallApp
import WallStore

/// A store of its own on a new SQLite file, opened as the server opens it (no follow-up jobs).
func withStore(_ body: (any WallStore) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wallapp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var logger = Logger(label: "dwall.tests")
    logger.logLevel = .warning
    try await StoreOpener.withStore(StoreLocation(dataDirectory: folder.path), logger: logger, body)
}
