/// Limits on connections and requests before any route reads them (`dwall serve` flags change
/// the defaults).
extension Limits {
    /// How long a connection may stay open with no request in progress, or while it sends a
    /// request's line and headers, by default (`--idle-timeout`).
    public static let defaultIdleTimeout = Duration.seconds(30)
    /// How long a request's body may arrive slower than `minRequestBodyBytesPerSecond` by
    /// default before its connection is closed (`--read-timeout`).
    public static let defaultReadTimeout = Duration.seconds(30)
    /// The slowest a request's body may arrive, measured over each read-timeout window.
    public static let minRequestBodyBytesPerSecond = 256
    /// Largest request line plus header block by default, in bytes (`--max-header-bytes`): room
    /// for the longest link a query may carry (`maxURLLength` characters, each up to 12 bytes
    /// percent-encoded, as in `GET /v1/items/lookup?url=`) and ordinary headers.
    public static let defaultMaxHeaderBytes = 65_536
    /// Most header fields in one request.
    public static let maxHeaderFields = 100
    /// Most bytes of a request body read and thrown away after the server answered it early (a
    /// refusal), so the client reads the answer rather than a reset; then the connection closes.
    public static let lingerBytes = 4 * 1_048_576
    /// Most connections one client address may hold open at once by default
    /// (`--max-connections-per-address`); one more is closed as soon as it is accepted. IPv6
    /// addresses count by their /64 (what one subscriber is given); a `--trusted-proxy` is not
    /// counted. Browsers open 6 per server; this leaves room for a household or office behind one
    /// address.
    public static let defaultMaxConnectionsPerAddress = 256
    /// The most `--max-connections-per-address` may be set to.
    public static let maxConnectionsPerAddressSetting = 1_000_000
}
