/// The keys a request is signed with: an access key pair and, for temporary credentials, a
/// session token.
public struct SigV4Credentials: Sendable, Equatable {
    /// The access key id (`AWS_ACCESS_KEY_ID`).
    public var accessKeyID: String
    /// The secret access key (`AWS_SECRET_ACCESS_KEY`).
    public var secretAccessKey: String
    /// The session token of temporary credentials (`AWS_SESSION_TOKEN`), sent as
    /// `x-amz-security-token` and signed.
    public var sessionToken: String?

    /// Makes credentials.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}
