import Foundation

/// `DWALL_*` environment variables, the defaults that command-line flags override.
enum Environment {
    static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func int(_ name: String) -> Int? { string(name).flatMap(Int.init) }

    static func double(_ name: String) -> Double? { string(name).flatMap(Double.init) }
}
