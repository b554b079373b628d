import Foundation
import NIOSSL
import PostgresNIO

/// Reads a `postgres://user:password@host:port/database?sslmode=…` URL (as libpq writes them)
/// into a client configuration.
///
/// `sslmode` is `disable`, `prefer` (the default, as with libpq) or `require`; with `require`
/// the server's certificate is also verified. A `host=/path` query parameter connects through
/// the Unix socket in that folder.
public enum PostgresURL {
    /// The configuration the URL describes; throws `InvalidPostgresURL` with the reason.
    public static func configuration(_ text: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text),
              components.scheme == "postgres" || components.scheme == "postgresql"
        else { throw InvalidPostgresURL(reason: "it does not start with postgres://") }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }
        )
        let username = components.user?.removingPercentEncoding ?? "postgres"
        let password = components.password?.removingPercentEncoding
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let database = path.isEmpty ? nil : path.removingPercentEncoding

        if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
            let port = components.port ?? 5432
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: username, password: password,
                database: database
            )
        }
        guard let host = components.host, !host.isEmpty else { throw InvalidPostgresURL(reason: "it names no host") }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: username, password: password, database: database,
            tls: try tls(query["sslmode"] ?? "prefer")
        )
    }

    /// The URL without its password, for logs.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "(unreadable URL)" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "(unreadable URL)"
    }

    private static func tls(_ mode: String) throws -> PostgresClient.Configuration.TLS {
        switch mode {
        case "disable": return .disable
        case "prefer", "allow": return .prefer(.makeClientConfiguration())
        case "require", "verify-ca", "verify-full": return .require(.makeClientConfiguration())
        default: throw InvalidPostgresURL(reason: "sslmode must be disable, prefer or require")
        }
    }
}

/// A database URL that can't be used, and why.
public struct InvalidPostgresURL: Error, CustomStringConvertible {
    /// What is wrong with it.
    public var reason: String
    public var description: String { "Not a usable PostgreSQL URL: \(reason)." }
}
