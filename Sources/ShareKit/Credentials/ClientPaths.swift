import Foundation

/// Where a desktop or server client keeps its files, after the XDG base directory rules:
/// credentials in `$XDG_CONFIG_HOME/digitalwall` (else `~/.config/digitalwall`), the outbox in
/// `$XDG_DATA_HOME/digitalwall/outbox` (else `~/.local/share/digitalwall/outbox`).
public struct ClientPaths: Sendable, Equatable {
    /// The configuration folder.
    public var configDirectory: URL
    /// The data folder.
    public var dataDirectory: URL

    /// Paths from an environment (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `HOME`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, fallback: String) -> URL {
            // The spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        configDirectory = base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("digitalwall", isDirectory: true)
        dataDirectory = base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("digitalwall", isDirectory: true)
    }

    /// The credentials file.
    public var credentialsFile: URL { configDirectory.appendingPathComponent("credentials.json") }

    /// The outbox folder.
    public var outboxDirectory: URL { dataDirectory.appendingPathComponent("outbox", isDirectory: true) }
}
