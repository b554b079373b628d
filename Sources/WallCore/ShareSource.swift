/// Where a share came from, recorded on the item.
public enum ShareSource: String, Codable, Sendable, CaseIterable {
    /// The iOS share extension.
    case iosShareExtension = "ios_share_extension"
    /// The web wall's share box.
    case web
    /// The PWA share target.
    case webShareTarget = "web_share_target"
    /// The `dwall` command line.
    case cli
    /// A bulk import.
    case `import`
    /// The browser extension (Chromium browsers and Firefox).
    case browserExtension = "browser_extension"
    /// Any other API client.
    case api
}
