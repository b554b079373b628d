import Foundation

/// Sign in.
public struct SignInPageView: WebPage {
    /// `signin.mustache`.
    public static let template = "signin"
    /// The frame.
    public var chrome: PageChrome
    /// The name typed last time.
    public var usernameValue: String = ""
    /// Where to go after signing in.
    public var next: String = "/"
    /// Why signing in failed.
    public var formError: String?

    /// Makes the page.
    public init(chrome: PageChrome) { self.chrome = chrome }
}

/// First run: make the first account with the link `dwall serve` logged.
public struct SetupPageView: WebPage {
    /// `setup.mustache`.
    public static let template = "setup"
    /// The frame.
    public var chrome: PageChrome
    /// The one-time setup code from the link.
    public var setupCode: String
    /// The name typed last time.
    public var usernameValue: String = ""
    /// Why it failed.
    public var formError: String?

    /// Makes the page.
    public init(chrome: PageChrome, setupCode: String) {
        self.chrome = chrome
        self.setupCode = setupCode
    }
}

/// Make an account with an invitation someone sent (`/join?code=`).
public struct JoinPageView: WebPage {
    /// `join.mustache`.
    public static let template = "join"
    /// The frame.
    public var chrome: PageChrome
    /// The invitation's code from the link.
    public var code: String
    /// The name typed last time.
    public var usernameValue: String = ""
    /// Why it failed.
    public var formError: String?

    /// Makes the page.
    public init(chrome: PageChrome, code: String) {
        self.chrome = chrome
        self.code = code
    }
}

/// Save something: what the bookmarklet opens, and what a share from elsewhere shows when it
/// needs a click to be saved.
public struct SharePageView: WebPage {
    /// `share.mustache`.
    public static let template = "share"
    /// The frame.
    public var chrome: PageChrome
    /// The link.
    public var urlValue: String = ""
    /// The title.
    public var titleValue: String = ""
    /// The passage.
    public var textValue: String = ""
    /// The note.
    public var noteValue: String = ""
    /// The tags, comma-separated.
    public var tagsValue: String = ""
    /// The walls to save to.
    public var wallOptions: [WallOption] = []
    /// Where the share came from (`web`, `web_share_target`).
    public var source: String = "web"
    /// Why saving failed.
    public var formError: String?
    /// The share's id: sent again, it is still saved once.
    public var shareID: String

    /// Makes the page.
    public init(chrome: PageChrome, shareID: String) {
        self.chrome = chrome
        self.shareID = shareID
    }
}

/// A message instead of a page: not found, form expired, saved.
public struct MessagePageView: WebPage {
    /// `message.mustache`.
    public static let template = "message"
    /// The frame.
    public var chrome: PageChrome
    /// The heading.
    public var heading: String
    /// What happened and what to do.
    public var message: String
    /// Where to go next.
    public var linkHref: String = "/"
    /// The link's words.
    public var linkText: String = "Back to your wall"

    /// Makes the page.
    public init(chrome: PageChrome, heading: String, message: String) {
        self.chrome = chrome
        self.heading = heading
        self.message = message
    }
}
