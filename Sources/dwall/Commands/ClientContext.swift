import Foundation
import ShareKit

/// What the client commands share: where their files are, the stored credentials, the outbox,
/// and an API client and delivery for the signed-in account.
struct ClientContext {
    let paths = ClientPaths()

    var credentialStore: FileCredentialStore { FileCredentialStore(file: paths.credentialsFile) }

    /// The stored credentials; exits 77 with a hint when signed out.
    func credentials() throws -> Credentials {
        let stored: Credentials?
        do { stored = try credentialStore.load() } catch {
            throw ClientExit.fail("Could not read \(paths.credentialsFile.path): \(error)")
        }
        guard let stored else {
            throw ClientExit.fail("Not signed in. Run 'dwall login --server URL' first.", status: ClientExit.notSignedIn)
        }
        return stored
    }

    /// The outbox, made when missing.
    func outbox() throws -> Outbox {
        do { return try Outbox(directory: paths.outboxDirectory) } catch {
            throw ClientExit.fail("Could not open the outbox: \(error)")
        }
    }

    /// An API client for `server` with `token`.
    func client(server: URL, token: String?, maxConnections: Int = 8) -> WallAPIClient {
        WallAPIClient(server: server, token: token, transport: URLSessionTransport(maxConnections: maxConnections))
    }

    /// A delivery for the signed-in account.
    func delivery(_ credentials: Credentials, policy: RetryPolicy, maxConnections: Int = 8) throws -> Delivery<ContinuousClock> {
        Delivery(
            outbox: try outbox(), client: client(server: credentials.server, token: credentials.token, maxConnections: maxConnections),
            userID: credentials.userID, policy: policy, clock: ContinuousClock()
        )
    }
}
