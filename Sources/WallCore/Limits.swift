/// Every limit Digital Wall enforces, in one place, shared by the server and its clients.
public enum Limits {
    /// Longest URL accepted, in characters (browsers cope with about 2 MB; real links are far shorter).
    public static let maxURLLength = 4_096
    /// Longest title, in characters.
    public static let maxTitleLength = 1_000
    /// Longest note a person may attach to a share, in characters.
    public static let maxNoteLength = 10_000
    /// Longest text share (a passage, an article body), in characters.
    public static let maxTextLength = 200_000
    /// Most tags on one item.
    public static let maxTags = 32
    /// Longest tag, in characters.
    public static let maxTagLength = 64
    /// Most tags `GET /v1/tags` lists (the most used), enough for completing `tag:` as one types.
    public static let maxTagListLength = 500
    /// Most UTF-8 bytes per character, on average, in any text field with a limit in characters
    /// (`TextRules`): one character (a grapheme cluster) can carry any number of combining
    /// marks, so a count of characters alone bounds no size. Four is the most any one Unicode
    /// scalar takes, so ordinary text in any script passes; it keeps a tag (64 characters, 256
    /// bytes) within what PostgreSQL's index of tags can hold in one entry (2,712 bytes).
    public static let maxBytesPerCharacter = 4
    /// Longest wall reference (a slug or an id) and wall name, in characters.
    public static let maxWallNameLength = 100
    /// Longest `source` label a client may send, in characters.
    public static let maxSourceLength = 40
    /// Largest JSON request body, in bytes; checked while the body streams in.
    public static let maxJSONBodyBytes = 1_048_576
    /// Items per page when the client does not ask.
    public static let defaultPageSize = 50
    /// Most items per page.
    public static let maxPageSize = 200
    /// Longest full-text search query, in characters.
    public static let maxSearchQueryLength = 256
    /// Shortest and longest user name.
    public static let usernameLength = 1...64
    /// Shortest password, in characters.
    public static let minPasswordLength = 8
    /// Longest password, in UTF-8 bytes (bcrypt reads no further than 72).
    public static let maxPasswordBytes = 72
    /// Longest label of an API token, in characters.
    public static let maxTokenLabelLength = 100
    /// Most walls one person may have.
    public static let maxWallsPerUser = 500
    /// Most saved searches (smart walls) per person.
    public static let maxSavedSearchesPerUser = 200
    /// How long a server waits at start for PostgreSQL to answer and its migrations to apply.
    public static let databaseStartTimeout = Duration.seconds(30)
    /// Most connections one replica's query pool opens to PostgreSQL (each replica has its own
    /// pool; one more connection, apart from it, listens for notices).
    public static let databaseConnectionsPerReplica = 20
    /// Most batches of shares one PostgreSQL replica has in flight: one committing, the next
    /// gathered and waiting, ready, for the events lock (see `AsyncGroupCommitQueue`).
    public static let postgresWriteBatchesInFlight = 2
    /// New items one PostgreSQL replica writes before it first has the tables its share
    /// statements read analysed; again at each doubling (see `PostgresStatisticsRefresh`).
    public static let postgresFirstStatisticsRefresh = 1_000

    // MARK: Job queue (work that follows a share: enrichment, thumbnails, imports)

    /// How long a worker holds a claimed job before another may claim it (renewed while it runs).
    public static let jobLease = Duration.seconds(60)
    /// How many claims a job gets before it is dead (failures and workers lost while holding it).
    public static let jobMaxAttempts = 5
    /// The wait before retrying a job after its first failure; it doubles with each failure.
    public static let jobBackoffBase = Duration.seconds(10)
    /// The longest wait before retrying a failed job.
    public static let jobBackoffCap = Duration.seconds(3_600)
    /// How many thumbnail jobs one server runs at once (they keep a core busy each).
    public static let jobConcurrency = 4
    /// How many link previews one server fetches at once, besides the thumbnails: they mostly
    /// wait, on the site and on the database, so four at a time fell behind a steady share load.
    public static let fetchJobConcurrency = 16
    /// How often an idle worker looks for due jobs when no wake-up came (retries coming due,
    /// expired leases, a missed notification).
    public static let jobPollInterval = Duration.seconds(5)
    /// How long a stopping server lets running jobs finish before giving them back to the queue.
    public static let jobShutdownGrace = Duration.seconds(10)
    /// Longest job kind name, in characters.
    public static let maxJobKindLength = 64
    /// Largest job payload, in UTF-8 bytes.
    public static let maxJobPayloadBytes = 16_384
    /// Longest last error kept on a job, in characters.
    public static let maxJobErrorLength = 2_000
    /// Sign-in attempts (API and web page together) one user name earns back per minute: a
    /// guesser gets `signInBurstPerUser` tries, then one every 12 seconds.
    public static let signInsPerMinutePerUser = 5.0
    /// Sign-in attempts one user name may make at once.
    public static let signInBurstPerUser = 10.0
    /// Sign-in attempts one address earns back per minute, whatever names it tries.
    public static let signInsPerMinutePerAddress = 30.0
    /// Sign-in attempts one address may make at once.
    public static let signInBurstPerAddress = 30.0
    /// How long a web wall session lasts without being used, in seconds (30 days; each use
    /// moves the end on).
    public static let webSessionLifetimeSeconds: Double = 30 * 24 * 60 * 60
    /// Largest form body (sign-in, settings, the share box, the share target), in bytes.
    public static let maxFormBodyBytes = 1_048_576
    /// Most fields in one form body.
    public static let maxFormFields = 64

    // MARK: Enrichment (the guarded fetcher and what it keeps)

    /// Largest HTML page the enrichment fetcher reads, in bytes; a longer one is refused.
    public static let maxFetchHTMLBytes = 5 * 1_048_576
    /// Largest image (preview image, icon) the enrichment fetcher reads, in bytes.
    public static let maxFetchImageBytes = 10 * 1_048_576
    /// Longest one fetch may take, redirects included.
    public static let fetchTimeout = Duration.seconds(10)
    /// Most redirects one fetch follows (each one checked like the first address).
    public static let maxFetchRedirects = 5
    /// Longest description, site name or author kept from a page, in characters.
    public static let maxPreviewFieldLength = 1_000
    /// Longest readable text kept from a page for search and the item page, in characters.
    public static let maxReadableTextLength = 100_000

    // MARK: Page snapshots (the page as the person saw it, sent with a share)

    /// Largest `page.html` of a share, in UTF-8 bytes; a client trims the document to fit. With
    /// the rest of the share it stays under `maxJSONBodyBytes`.
    public static let maxPageSnapshotHTMLBytes = 786_432
    /// Longest `page.text` of a share, in characters.
    public static let maxPageSnapshotTextLength = maxReadableTextLength
    /// Longest `page.selection` of a share, in characters.
    public static let maxPageSnapshotSelectionLength = 20_000
    /// Longest `page.capturedBy` label, in characters.
    public static let maxPageSnapshotSourceLength = 40
}
