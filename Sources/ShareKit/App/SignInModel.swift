import Foundation
import Observation
import WallCore

/// The app's sign-in form: server address, user name and password traded for a token, which is
/// kept in the credential store the share extension reads (the shared Keychain on iOS).
@MainActor
@Observable
public final class SignInModel {
    /// The server's address as typed; `https://` is assumed when no scheme is given.
    public var server = ""
    /// The user name.
    public var username = ""
    /// The password (never stored).
    public var password = ""
    /// Whether a sign-in is running.
    public private(set) var isSigningIn = false
    /// What went wrong with the last attempt, as a sentence.
    public private(set) var failure: String?
    /// The account signed in on this device.
    public private(set) var credentials: Credentials?
    /// Why the person was signed out without asking (the server refused the token), shown above
    /// the form until the next sign-in.
    public private(set) var signedOutReason: String?

    @ObservationIgnored private let store: any CredentialStore
    @ObservationIgnored private let transport: any HTTPTransport
    @ObservationIgnored private let tokenLabel: String

    /// Makes the form; reads who is signed in from `store`. New tokens are called `tokenLabel`.
    public init(store: any CredentialStore, transport: any HTTPTransport, tokenLabel: String) {
        self.store = store
        self.transport = transport
        self.tokenLabel = tokenLabel
        self.credentials = try? store.load()
        if let credentials {
            server = credentials.server.absoluteString
            username = credentials.username
        }
    }

    /// The server address to use, when what was typed is an http(s) address with a host, and
    /// plain http only for a server on the local network (`LocalNetworkHost`).
    public var serverURL: URL? {
        guard let url = typedURL, serverProblem == nil else { return nil }
        return url
    }

    /// Why the typed address can't be used, when it is plain http to a server beyond the local
    /// network (the token would cross the internet unencrypted, and iOS refuses it anyway).
    public var serverProblem: String? {
        guard let url = typedURL, url.scheme?.lowercased() == "http", let host = url.host, !LocalNetworkHost.contains(host) else { return nil }
        return "Plain http:// works only for a server on your local network (a private IP address, a .local name or a one-word name). Use https://\(host) instead."
    }

    private var typedURL: URL? {
        var text = server.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty, !text.contains("://") { text = "https://" + text }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// Whether the form is complete enough to try.
    public var canSignIn: Bool {
        !isSigningIn && serverURL != nil && !username.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty
    }

    /// Trades the user name and password for a token, checks it, and stores the credentials.
    /// Returns whether it worked; `failure` says why not. The password is cleared either way.
    @discardableResult
    public func signIn() async -> Bool {
        guard canSignIn, let url = serverURL else { return false }
        isSigningIn = true
        failure = nil
        defer {
            isSigningIn = false
            password = ""
        }
        let name = username.trimmingCharacters(in: .whitespaces)
        do throws(ShareError) {
            let anonymous = WallAPIClient(server: url, token: nil, transport: transport)
            let token = try await anonymous.signIn(AuthTokenRequest(username: name, password: password, label: tokenLabel)).token
            let me = try await WallAPIClient(server: url, token: token, transport: transport).me()
            let signedIn = Credentials(server: url, token: token, userID: me.user.id, username: me.user.username, tokenID: me.tokenId)
            do { try store.save(signedIn) } catch {
                failure = "The token could not be kept on this device: \(error)"
                return false
            }
            credentials = signedIn
            signedOutReason = nil
            return true
        } catch .unauthorized {
            failure = "The user name or password is wrong."
        } catch {
            failure = error.description
        }
        return false
    }

    /// The server refused the token (revoked on another device or by an admin, or expired): forgets
    /// it on this device, so the share extension keeps new shares for later instead of sending
    /// them with a dead token, and says why; the server and user name stay filled in. Shares
    /// waiting in the outbox stay and are sent after the next sign-in. Nothing happens for a
    /// refusal of a token that is no longer the one signed in (a late answer after signing in again).
    public func tokenRefused(_ refusal: TokenRefusal) {
        guard let current = credentials, current.token == refusal.token else { return }
        try? store.delete()
        credentials = nil
        password = ""
        signedOutReason = "The server no longer accepts this iPhone's sign-in (it was revoked or has expired). Sign in again; shares waiting on this device are sent then."
    }

    /// Revokes the token on the server (when it can be reached) and forgets it on this device.
    public func signOut() async {
        guard let current = credentials else { return }
        if let tokenID = current.tokenID {
            try? await WallAPIClient(server: current.server, token: current.token, transport: transport).revokeToken(id: tokenID)
        }
        try? store.delete()
        credentials = nil
        signedOutReason = nil
    }
}
