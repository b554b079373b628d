import Logging
import Testing
import WallCore
import WallServer

/// The log handler that renders metadata only when it writes a line writes exactly the lines
/// `StreamLogHandler` writes on its own.
@Suite struct DeferredMetadataLogHandlerTests {
    /// Keeps what a handler writes.
    final class Lines: TextOutputStream, @unchecked Sendable {
        let written = Locked([String]())
        func write(_ string: String) { written.withLock { $0.append(string) } }
        /// The lines without their leading timestamp (two handlers may write in different seconds).
        var withoutTimestamps: [String] {
            written.withLock { $0.map { String($0.drop { $0 != " " }) } }
        }
    }

    /// Logs the same things through a logger made by `handler`.
    static func logSome(into lines: Lines, _ handler: (Lines) -> any LogHandler) {
        var logger = Logger(label: "dwall.test") { _ in handler(lines) }
        logger.logLevel = .info
        logger.info("before any metadata")
        logger[metadataKey: "hb.request.id"] = "abc-1"
        logger[metadataKey: "psql.connection.id"] = .stringConvertible(42)
        logger.debug("below the level, not written")
        logger.warning("with two keys", metadata: ["item.id": "x y", "nested": ["a": "1"]])
        logger[metadataKey: "psql.connection.id"] = nil
        var copy = logger
        copy[metadataKey: "only.copy"] = "c"
        copy.error("from the copy")
        logger.notice("the original keeps its own")
    }

    @Test func writesWhatStreamLogHandlerWrites() {
        let plain = Lines()
        Self.logSome(into: plain) { StreamLogHandler(label: "dwall.test", stream: $0, metadataProvider: nil) }
        let deferred = Lines()
        Self.logSome(into: deferred) {
            DeferredMetadataLogHandler(StreamLogHandler(label: "dwall.test", stream: $0, metadataProvider: nil))
        }
        #expect(plain.withoutTimestamps.count == 4)
        #expect(deferred.withoutTimestamps == plain.withoutTimestamps)
        #expect(deferred.withoutTimestamps.last?.contains("hb.request.id=abc-1") == true)
        #expect(deferred.withoutTimestamps.last?.contains("only.copy") == false)
    }

    @Test func keepsTheMetadataAWrappedHandlerAlreadyHad() {
        let lines = Lines()
        var inner = StreamLogHandler(label: "dwall.test", stream: lines, metadataProvider: nil)
        inner[metadataKey: "given"] = "early"
        var handler = DeferredMetadataLogHandler(inner)
        handler.logLevel = .warning
        let logger = Logger(label: "dwall.test") { _ in handler }
        logger.info("filtered")
        logger.warning("kept")
        #expect(lines.withoutTimestamps.count == 1)
        #expect(lines.withoutTimestamps.first?.contains("given=early") == true)
    }
}
