/// The server refused a token (a 401): the error and the token that was refused, so the app signs
/// out only the account that used it, never one signed in since (a drain's late 401 after a
/// sign-out and a new sign-in names the old token, not the new one).
public struct TokenRefusal: Sendable, Equatable {
    /// The server's refusal (`unauthorized`).
    public var error: ShareError
    /// The token the refused request carried.
    public var token: String

    /// A refusal of `token`; `nil` unless `error` is `unauthorized` and a token was sent.
    public init?(_ error: ShareError?, token: String?) {
        guard case .unauthorized? = error, let error, let token else { return nil }
        self.error = error
        self.token = token
    }
}
