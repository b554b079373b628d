import ArgumentParser
import DwallAdmin
import Foundation
import ShareKit
import WallCore

/// `dwall login --server URL`: get a token (from a user name and password, or given) and keep it.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to a Digital Wall server and keep the token for the client commands.",
        discussion: "Asks for the user name and password, or takes --user with --password-stdin, or an existing --token."
    )

    @Option(help: "The server's address, e.g. https://wall.example.com.") var server: String
    @Option(help: "The user name (asked for when absent).") var user: String?
    @Flag(help: "Read the password from standard input.") var passwordStdin = false
    @Option(help: "Use this existing token instead of a password.") var token: String?
    @Option(help: "What to call the new token.") var label = "dwall on \(ProcessInfo.processInfo.hostName)"

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server must be an http or https address.")
        }
        if token != nil, user != nil || passwordStdin { throw ValidationError("Pass either --token or a user name and password.") }
    }

    func run() async throws {
        let context = ClientContext()
        let serverURL = URL(string: server)!
        let token = try await obtainToken(context: context, server: serverURL)
        let me: Me
        do { me = try await context.client(server: serverURL, token: token).me() } catch {
            throw ClientExit.fail(error, doing: "Checking the token")
        }
        let credentials = Credentials(
            server: serverURL, token: token, userID: me.user.id, username: me.user.username, tokenID: me.tokenId
        )
        do { try context.credentialStore.save(credentials) } catch {
            throw ClientExit.fail("Could not save the credentials: \(error)")
        }
        print("Signed in to \(serverURL.absoluteString) as \(me.user.username).")
    }

    private func obtainToken(context: ClientContext, server: URL) async throws -> String {
        if let token { return token }
        let name: String
        if let user {
            name = user
        } else {
            FileHandle.standardError.write(Data("User name: ".utf8))
            guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw ClientExit.fail("No user name given.") }
            name = line
        }
        let password = try passwordStdin ? PasswordInput.fromStandardInput() : PasswordInput.prompt(confirm: false)
        do {
            return try await context.client(server: server, token: nil)
                .signIn(AuthTokenRequest(username: name, password: password, label: label)).token
        } catch .unauthorized {
            throw ClientExit.fail("The user name or password is wrong.", status: ClientExit.notSignedIn)
        } catch {
            throw ClientExit.fail(error, doing: "Signing in")
        }
    }
}
