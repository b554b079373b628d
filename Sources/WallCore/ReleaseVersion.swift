/// Which release of Digital Wall this build is: `dwall --version`, `GET /v1/meta` and the
/// settings page name it.
public enum ReleaseVersion {
    /// The release's version (its tag without the leading `v`), or `dev` for a build that is not a
    /// release. `scripts/release` sets it; nothing else does.
    public static let current = "dev"
}
