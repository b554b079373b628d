import Foundation
import WallCore

/// A real server on a fixed port (so it can stop and start at the same address) with the user
/// alice, and a client signed in to it: the setting of the client's end-to-end tests.
struct SignedInClient {
    let server: ServerProcess
    let client: ClientSession
    /// A token of alice's own, to read her wall.
    let token: String
    /// `--port` and `--rate-limit 0`: pass to `server.start` to come back at the same address.
    let address: [String]

    init() throws {
        server = try ServerProcess()
        client = try ClientSession()
        token = try server.makeUser()
        address = ["--rate-limit", "0", "--port", String(try FreePort.pick())]
        try server.start(extraArguments: address)
        try client.login(server)
    }

    /// Everything on alice's walls.
    func items() async throws -> [Item] {
        try await HTTPClient(baseURL: server.baseURL, token: token).allItems()
    }

    func cleanUp() {
        server.cleanUp()
        client.cleanUp()
    }
}
