import Logging

/// A log handler that keeps its metadata as given and hands it to `Inner` only when a line is
/// written, so setting metadata costs a dictionary store.
///
/// `StreamLogHandler` renders all its metadata to text each time one key is set, and every
/// request sets some (Hummingbird its request id, PostgresNIO a connection id per query) while
/// almost none writes a line: that rendering was about 2 % of a share's CPU. The lines
/// written are `Inner`'s, unchanged.
public struct DeferredMetadataLogHandler<Inner: LogHandler>: LogHandler {
    private var inner: Inner
    /// The metadata every line of this logger carries.
    public var metadata: Logger.Metadata

    /// Wraps `inner` (its own metadata is taken over and kept here until a line is written).
    public init(_ inner: Inner) {
        self.metadata = inner.metadata
        self.inner = inner
        self.inner.metadata = [:]
    }

    /// The lowest level written.
    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    /// The metadata provider, `Inner`'s.
    public var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    /// One metadata value.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the line through `Inner`, holding this logger's metadata.
    public func log(event: LogEvent) {
        var handler = inner
        handler.metadata = metadata
        handler.log(event: event)
    }
}
