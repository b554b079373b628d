import ArgumentParser
import Foundation
import ShareKit

/// `dwall logout`: revoke the token on the server (when reachable) and forget it.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out: revoke the token on the server and forget it here."
    )

    @Flag(help: "Forget the token here but leave it valid on the server.") var keepToken = false

    func run() async throws {
        let context = ClientContext()
        guard let credentials = try? context.credentialStore.load() else {
            print("Not signed in.")
            return
        }
        if !keepToken, let tokenID = credentials.tokenID {
            do {
                try await context.client(server: credentials.server, token: credentials.token).revokeToken(id: tokenID)
            } catch .unauthorized, .notFound {
                // Already revoked.
            } catch {
                FileHandle.standardError.write(Data("Could not revoke the token on the server (\(error)); forgetting it here anyway.\n".utf8))
            }
        }
        do { try context.credentialStore.delete() } catch {
            throw ClientExit.fail("Could not remove \(context.paths.credentialsFile.path): \(error)")
        }
        print("Signed out of \(credentials.server.absoluteString).")
        let pending = (try? context.outbox().snapshot().pending.count) ?? 0
        if pending > 0 {
            print("\(pending) share(s) are still queued; they will be sent after you sign in again as \(credentials.username).")
        }
    }
}
