import Foundation

/// The kind of keyboard.
public enum UIKeyboardType: Int, Sendable {
    /// The default keyboard.
    case `default` = 0
    /// For URLs.
    case URL = 3
}

/// What a text field holds, for AutoFill.
public struct UITextContentType: Hashable, Equatable, RawRepresentable, Sendable {
    /// The raw value.
    public var rawValue: String
    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A URL.
    public static var URL: UITextContentType { fatalError() }
    /// A user name.
    public static var username: UITextContentType { fatalError() }
    /// A password.
    public static var password: UITextContentType { fatalError() }
}
