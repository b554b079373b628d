import Foundation

/// A secret link's secret: 32 random bytes as `dl_…` (the prefix no wall slug can have, so
/// `/w/dl_…` never names a wall), kept by the store only as its SHA-256.
public enum SecretLink {
    /// The prefix every secret starts with.
    public static let prefix = "dl_"

    /// A new secret.
    public static func generate() -> String { TokenSecret.generate(prefix: prefix) }

    /// The form the store keeps.
    public static func hash(_ secret: String) -> String { TokenSecret.hash(secret) }

    /// The page's path for a secret.
    public static func path(_ secret: String) -> String { "/w/\(secret)" }

    /// Whether `secret` has a secret's shape (checked before anything is looked up).
    public static func isWellFormed(_ secret: String) -> Bool {
        secret.hasPrefix(prefix) && secret.utf8.count <= 64 && secret.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F
        }
    }
}
