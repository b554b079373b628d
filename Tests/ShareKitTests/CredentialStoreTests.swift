import Foundation
import ShareKit
import Testing

@Suite struct CredentialStoreTests {
    @Test func credentialsAreAnOwnerOnlyFileInAnOwnerOnlyFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("config/digitalwall/credentials.json")
        let store = FileCredentialStore(file: file)
        #expect(try store.load() == nil)
        let credentials = Credentials(server: URL(string: "https://wall.example.com")!, token: "dw_secret", userID: UUID(), username: "alice", tokenID: UUID())
        try store.save(credentials)
        #expect(try store.load() == credentials)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)

        var other = credentials
        other.token = "dw_rotated"
        try store.save(other)
        #expect(try store.load()?.token == "dw_rotated")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["credentials.json"])
        try store.delete()
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test func pathsFollowXDG() {
        let xdg = ClientPaths(environment: ["HOME": "/home/a", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"])
        #expect(xdg.credentialsFile.path == "/cfg/digitalwall/credentials.json")
        #expect(xdg.outboxDirectory.path == "/data/digitalwall/outbox")
        let plain = ClientPaths(environment: ["HOME": "/home/a"])
        #expect(plain.credentialsFile.path == "/home/a/.config/digitalwall/credentials.json")
        #expect(plain.outboxDirectory.path == "/home/a/.local/share/digitalwall/outbox")
        let relative = ClientPaths(environment: ["HOME": "/home/a", "XDG_DATA_HOME": "relative/dir"])
        #expect(relative.outboxDirectory.path == "/home/a/.local/share/digitalwall/outbox", "relative XDG paths are ignored, as the spec says")
    }
}
