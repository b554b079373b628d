/// What this server's API is, for clients that check they fit it (`GET /v1/meta`): the major
/// version in its paths and the features added to it since, by name.
public enum APIVersion {
    /// The API's major version (`/v1/…`); a client built for another one does not fit.
    public static let major = 1
    /// Features added to v1 that a client may depend on, by name.
    public static let features = ["page_snapshot", "items_lookup", "share_files"]
}
