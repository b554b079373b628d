import Foundation

/// `DWALL_*` environment variables, the defaults that command-line flags override.
public enum Environment {
    /// The variable's value; nil when it is unset or empty.
    public static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The variable as a whole number; nil when unset or not one.
    public static func int(_ name: String) -> Int? { string(name).flatMap(Int.init) }

    /// The variable as a number; nil when unset or not one.
    public static func double(_ name: String) -> Double? { string(name).flatMap(Double.init) }
}
