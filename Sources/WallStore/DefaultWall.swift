/// The wall every person starts with, where shares without a `wall` land.
public enum DefaultWall {
    /// Its display name.
    public static let name = "Inbox"
    /// Its slug.
    public static let slug = "inbox"
}
