import Foundation

/// Settings: API tokens, walls, the bookmarklet and the password.
public struct SettingsPageView: WebPage {
    /// `settings.mustache`.
    public static let template = "settings"

    /// The frame.
    public var chrome: PageChrome
    /// The tokens, newest first.
    public var tokens: [TokenRow] = []
    /// A token just made: shown this once.
    public var newToken: String?
    /// The walls, in switcher order.
    public var wallRows: [WallRow] = []
    /// The bookmarklet's `javascript:` link, to drag to the bookmarks bar.
    public var bookmarklet: String = ""
    /// Why the last change was refused.
    public var formError: String?

    /// Makes the page.
    public init(chrome: PageChrome) { self.chrome = chrome }
}

/// An API token as settings lists it.
public struct TokenRow: Sendable, Equatable {
    /// Its id.
    public var id: String
    /// Its label.
    public var label: String
    /// When it was made (a day).
    public var created: String
    /// When it was last used (a day), or "never".
    public var lastUsed: String

    /// Makes a row.
    public init(id: String, label: String, created: String, lastUsed: String) {
        self.id = id
        self.label = label
        self.created = created
        self.lastUsed = lastUsed
    }
}

/// A wall as settings lists it, with what may be done to it.
public struct WallRow: Sendable, Equatable {
    /// Its id.
    public var id: String
    /// Its slug.
    public var slug: String
    /// Its name.
    public var name: String
    /// How many items it holds.
    public var count: Int
    /// "1 item", "12 items".
    public var countLabel: String
    /// Whether it is the default wall (which can't be deleted).
    public var isDefault: Bool
    /// Whether it can move up or down in the switcher.
    public var canMoveUp: Bool
    /// Whether it can move down.
    public var canMoveDown: Bool
    /// The other walls its items can move to when it is deleted.
    public var moveTargets: [WallOption]

    /// Makes a row.
    public init(
        id: String, slug: String, name: String, count: Int, isDefault: Bool, canMoveUp: Bool, canMoveDown: Bool,
        moveTargets: [WallOption]
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.count = count
        self.countLabel = count == 1 ? "1 item" : "\(count) items"
        self.isDefault = isDefault
        self.canMoveUp = canMoveUp
        self.canMoveDown = canMoveDown
        self.moveTargets = moveTargets
    }
}
