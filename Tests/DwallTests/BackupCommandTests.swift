import Foundation
import Testing
import WallCore

/// `dwall backup` beside a server taking shares, `dwall restore` into a new folder, and a server
/// on it: every share acknowledged before the backup began is there, its file byte for byte.
@Suite(.serialized) struct BackupCommandTests {
    @Test func aBackupTakenUnderShareLoadRestoresEveryAcknowledgedShareWithItsFiles() async throws {
        let server = try ServerProcess()
        let backup = server.dataDirectory + "-backup"
        let restored = ServerProcess(existingDataDirectory: server.dataDirectory + "-restored")
        defer { server.cleanUp(); restored.cleanUp(); try? FileManager.default.removeItem(atPath: backup) }
        let token = try server.makeUser()
        try server.start()
        let client = HTTPClient(baseURL: server.baseURL, token: token)

        // Given: pictures on the wall, and four clients sharing links all the while.
        var files: [UUID: Data] = [:]
        for index in 0..<12 {
            let bytes = Self.picture(seed: index)
            let reply = try await client.shareFile(bytes, name: "photo\(index).png", contentType: "image/png")
            #expect(reply.status == 201, "\(String(decoding: reply.body, as: UTF8.self))")
            files[try reply.decode(ShareResponse.self).item.id] = bytes
        }
        let stopLoad = Locked(false)
        let load = ShareLoad(client: client, workers: 4)
        let running = Task { await load.run { _ in stopLoad.withLock { $0 } } }
        try await Self.waitUntil("the load's first 40 shares") { await load.acks.count >= 40 }

        // When: the backup runs while the shares go on.
        let acknowledgedBefore = await load.acks.acknowledged
        let backedUp = try await Self.dwall(["backup", backup, "--data", server.dataDirectory])
        stopLoad.withLock { $0 = true }
        let acks = await running.value
        #expect(backedUp.status == 0, "\(backedUp.errorOutput)")
        #expect(backedUp.output.hasPrefix("Backed up "))

        // A restore never writes into a folder in use, and the running server lost nothing.
        let refused = try await Self.dwall(["restore", backup, "--data", server.dataDirectory])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.contains("already holds files"), "\(refused.errorOutput)")
        #expect(try await client.allItems().count >= files.count + (await acks.count))
        try server.stop()

        // Then: a server on the restored folder has every share acknowledged before the backup.
        let restoring = try await Self.dwall(["restore", backup, "--data", restored.dataDirectory])
        #expect(restoring.status == 0, "\(restoring.errorOutput)")
        try restored.start()
        let restoredClient = HTTPClient(baseURL: restored.baseURL, token: token)
        let ids = Set(try await restoredClient.allItems().map(\.id))
        let missing = acknowledgedBefore.values.filter { !ids.contains($0.itemID) }
        #expect(missing.isEmpty, "\(missing.count) of \(acknowledgedBefore.count) acknowledged shares are missing")
        for (id, bytes) in files {
            let reply = try await restoredClient.fileBytes(of: id)
            #expect(reply.status == 200)
            #expect(reply.body == bytes, "the file of \(id) differs")
        }
        try restored.stop()
    }

    @Test func aRestoreRefusesADamagedBackupAndWritesNothing() async throws {
        let server = try ServerProcess()
        let backup = server.dataDirectory + "-backup"
        let target = server.dataDirectory + "-restored"
        defer { server.cleanUp(); [backup, target].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let token = try server.makeUser()
        try server.start()
        let reply = try await HTTPClient(baseURL: server.baseURL, token: token)
            .shareFile(Self.picture(seed: 1), name: "photo.png", contentType: "image/png")
        let hash = try #require(try reply.decode(ShareResponse.self).item.file?.sha256)
        #expect(try await Self.dwall(["backup", backup, "--data", server.dataDirectory]).status == 0)
        try server.stop()

        // A blob whose bytes no longer match its name: refused, and no folder is made.
        let blob = "\(backup)/blobs/sha256/\(hash.prefix(2))/\(hash)"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: blob))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: blob))
        let damaged = try await Self.dwall(["restore", backup, "--data", target])
        #expect(damaged.status == 1)
        #expect(damaged.errorOutput.contains("does not hold the bytes its name promises"), "\(damaged.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: target))

        // A blob that is gone: refused the same way.
        try FileManager.default.removeItem(atPath: blob)
        let incomplete = try await Self.dwall(["restore", backup, "--data", target])
        #expect(incomplete.status == 1)
        #expect(incomplete.errorOutput.contains("lacks the file \(hash)"), "\(incomplete.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: target))

        // Not a backup at all.
        let notBackup = try await Self.dwall(["restore", server.dataDirectory, "--data", target])
        #expect(notBackup.status == 1)
        #expect(notBackup.errorOutput.contains("is not a dwall backup"))
    }

    @Test func aBackupOfAServerWhoseFilesAreInABucketIsRefusedNamingIt() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("backup-s3-\(UUID().uuidString)").path
        let backup = data + "-backup"
        defer { [data, backup].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let named = try await Self.dwall(["backup", backup, "--data", data, "--blob-store", "s3://photos/wall"])
        #expect(named.status != 0)
        #expect(named.errorOutput.contains("Files are kept in s3://photos/wall"), "\(named.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: backup))
        let fromEnvironment = try CommandRunner.run(
            ["backup", backup, "--data", data], environment: ["DWALL_BLOB_STORE": "s3://photos/wall"]
        )
        #expect(fromEnvironment.status != 0)
        #expect(fromEnvironment.errorOutput.contains("Back the bucket up"), "\(fromEnvironment.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: backup))
    }

    /// A small PNG-signed file, different per seed.
    static func picture(seed: Int) -> Data {
        var generator = SeededGenerator(seed: UInt64(seed) + 1)
        return Data(FileShareProcessTests.pngSignature + (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Runs a dwall command on a thread of its own, so the load's tasks keep the cooperative pool.
    static func dwall(_ arguments: [String]) async throws -> CommandResult {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try CommandRunner.run(arguments, environment: ServerProcess.environment) })
            }
        }
    }

    /// Waits for `condition`, failing after a minute (a bound for a stuck server, not a timing).
    static func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { throw ProcessFailure("gave up waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
