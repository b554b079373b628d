import Foundation
import WallCore

/// Settings: API tokens, walls, invitations, import and export, the bookmarklet and the browser
/// extension, the keyboard, the password, and the version.
public struct SettingsPageView: WebPage {
    /// `settings.mustache`.
    public static let template = "settings"

    /// The frame.
    public var chrome: PageChrome
    /// The tokens, newest first.
    public var tokens: [TokenRow] = []
    /// A token just made: shown this once.
    public var newToken: String?
    /// The person's own walls, in switcher order.
    public var wallRows: [WallRow] = []
    /// The walls others shared with the person.
    public var sharedWalls: [SharedWallRow] = []
    /// The person's open invitations, newest first.
    public var invitations: [InvitationRow] = []
    /// An invitation link just made: shown this once.
    public var newInvitation: String?
    /// A secret link to a wall just made: shown this once.
    public var newWallLink: String?
    /// The bookmarklet's `javascript:` link, to drag to the bookmarks bar.
    public var bookmarklet: String = ""
    /// Why the last change was refused.
    public var formError: String?
    /// This server's address as the browser reached it, for the extension's options.
    public var serverAddress: String = ""
    /// The browser extension's zip, when the server was installed with its files.
    public var browserExtension: ExtensionOffer?
    /// The extension's pages in the browsers' stores (none yet: `ExtensionOffer.storeLinks`).
    public var extensionStores: [StoreLink] = ExtensionOffer.storeLinks
    /// The release this server runs (`ReleaseVersion.current`).
    public var version: String = ReleaseVersion.current

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
    /// Whether it holds nothing (deleting it then needs no choice).
    public var isEmpty: Bool
    /// The people it is shared with.
    public var members: [MemberRow] = []
    /// "Not shared", "Shared with 1 person", "Shared with 3 people".
    public var sharingLabel: String = "Not shared"
    /// The roles to share it in, contributor first chosen.
    public var roleChoices: [RoleOption] = RoleOption.choices(selected: "contributor")
    /// Its secret links (read-only pages for anyone holding one).
    public var links: [WallLinkRow] = []

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
        self.isEmpty = count == 0
    }

    /// Sets who the wall is shared with.
    public mutating func share(with members: [MemberRow]) {
        self.members = members
        sharingLabel = switch members.count {
        case 0: "Not shared"
        case 1: "Shared with 1 person"
        default: "Shared with \(members.count) people"
        }
    }
}

/// Someone one of the person's walls is shared with.
public struct MemberRow: Sendable, Equatable {
    /// The wall's id.
    public var wallID: String
    /// Their user name.
    public var username: String
    /// The roles, theirs chosen.
    public var roleOptions: [RoleOption]

    /// Makes a row.
    public init(wallID: String, username: String, role: String) {
        self.wallID = wallID
        self.username = username
        self.roleOptions = RoleOption.choices(selected: role)
    }
}

/// A role in a select.
public struct RoleOption: Sendable, Equatable {
    /// The stored value (`viewer`, `contributor`, `editor`).
    public var value: String
    /// What it lets someone do, in words.
    public var label: String
    /// Whether it is the chosen one.
    public var selected: Bool

    /// The three roles, with `selected` chosen.
    public static func choices(selected: String) -> [RoleOption] {
        [
            ("viewer", "can view"), ("contributor", "can add (and change what they add)"),
            ("editor", "can add and change anything"),
        ].map { RoleOption(value: $0.0, label: $0.1, selected: $0.0 == selected) }
    }
}

/// A wall someone shared with the person.
public struct SharedWallRow: Sendable, Equatable {
    /// Its id.
    public var id: String
    /// Its page.
    public var href: String
    /// Its name.
    public var name: String
    /// Its owner's user name.
    public var owner: String
    /// What the person may do there, in words.
    public var roleLabel: String

    /// Makes a row.
    public init(id: String, href: String, name: String, owner: String, roleLabel: String) {
        self.id = id
        self.href = href
        self.name = name
        self.owner = owner
        self.roleLabel = roleLabel
    }
}

/// An open invitation as settings lists it.
public struct InvitationRow: Sendable, Equatable {
    /// Its id.
    public var id: String
    /// When it was made (a day).
    public var created: String
    /// When it stops working (a day).
    public var expires: String

    /// Makes a row.
    public init(id: String, created: String, expires: String) {
        self.id = id
        self.created = created
        self.expires = expires
    }
}

/// A secret link to one of the person's walls, as settings lists it (never its secret).
public struct WallLinkRow: Sendable, Equatable {
    /// The wall's id.
    public var wallID: String
    /// The link's id.
    public var id: String
    /// When it was made (a day).
    public var created: String
    /// Whether search engines may index the page.
    public var indexable: Bool

    /// Makes a row.
    public init(wallID: String, id: String, created: String, indexable: Bool) {
        self.wallID = wallID
        self.id = id
        self.created = created
        self.indexable = indexable
    }
}

/// The browser extension as Settings offers it: the zip the server packed, to load unpacked.
public struct ExtensionOffer: Sendable, Equatable {
    /// The zip's URL on this server.
    public var href: String
    /// The extension's version (its manifest's).
    public var version: String

    /// The extension's pages in the browsers' stores, once it is published there: none yet.
    public static let storeLinks: [StoreLink] = []

    /// Makes an offer.
    public init(href: String, version: String) {
        self.href = href
        self.version = version
    }
}

/// The extension's page in a browser's store.
public struct StoreLink: Sendable, Equatable {
    /// The store's name ("Chrome Web Store", "Firefox Add-ons").
    public var store: String
    /// The extension's page there.
    public var href: String

    /// Makes a link.
    public init(store: String, href: String) {
        self.store = store
        self.href = href
    }
}
