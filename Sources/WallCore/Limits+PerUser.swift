/// What one user may hold open or have queued at once, whatever their rate limit allows.
extension Limits {
    /// Most `GET /v1/events` streams one user may have open on one server (tabs, devices).
    public static let maxEventStreamsPerUser = 16
    /// Most imports (`/v1/import`, `/v1/import/archive`, `/v1/import/read`) one user may run at
    /// once on one server; each may hold a large body in memory or on disk.
    public static let maxConcurrentImportsPerUser = 2
    /// Most multipart bodies with files one user may be sending at once on one server, on every
    /// upload route together (`/v1/share`, `/api/save`, the share target, the share page), so the
    /// upload bytes in flight per user stay under this many times the largest multipart body.
    public static let maxConcurrentUploadsPerUser = 4
    /// Most live API tokens one user may have; revoke one to make another.
    public static let maxTokensPerUser = 100
    /// How long a refresh of a link counts as queued: a refresh of an item still pending from
    /// one asked for within this time is answered without queuing another job.
    public static let refreshCoalescingWindow = Duration.seconds(120)
    /// The `Retry-After` of a 429 for a per-user cap on things held open, in seconds.
    public static let busyRetryAfterSeconds = 5
}
