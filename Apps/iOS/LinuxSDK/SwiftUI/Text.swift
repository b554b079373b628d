import Foundation

/// A string to look up in the app's localizations, written as a literal.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    /// Interpolations in a key.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// Starts one.
        public init(literalCapacity: Int, interpolationCount: Int) {}
        /// Literal text.
        public mutating func appendLiteral(_ literal: String) {}
        /// A value.
        public mutating func appendInterpolation<T>(_ value: T) {}
    }

    /// A key from a literal.
    public init(stringLiteral value: String) {}
    /// A key with interpolations.
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {}
}

/// Read-only text.
public struct Text: Equatable, Sendable, View {
    /// Localized text.
    nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) { fatalError() }
    /// Text as given, not localized.
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) { fatalError() }
    /// A value, formatted.
    nonisolated public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A font.
public struct Font: Hashable, Sendable {
    /// A weight.
    public struct Weight: Hashable, Sendable {
        /// Semibold.
        public static let semibold = Font.Weight()
        /// Bold.
        public static let bold = Font.Weight()
    }
    /// The style for titles, smaller than `title2`.
    public static let title3 = Font()
    /// Headings.
    public static let headline = Font()
    /// Subheadings.
    public static let subheadline = Font()
    /// Callouts.
    public static let callout = Font()
    /// Footnotes.
    public static let footnote = Font()
    /// Captions.
    public static let caption = Font()
    /// Smaller captions.
    public static let caption2 = Font()
    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Font.Weight? = nil) -> Font { fatalError() }
    /// The font in `weight`.
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }
    /// The font in bold.
    public func bold() -> Font { fatalError() }
}

/// How lines of text are aligned.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// To the leading edge.
    case leading
    /// Centred.
    case center
    /// To the trailing edge.
    case trailing
}

/// Whether text can be selected.
public protocol TextSelectability {}

/// Text that can be selected.
public struct EnabledTextSelectability: TextSelectability {}

extension TextSelectability where Self == EnabledTextSelectability {
    /// Selectable.
    public static var enabled: EnabledTextSelectability { fatalError() }
}

/// How a text field capitalizes what is typed.
public struct TextInputAutocapitalization: Sendable {
    /// Not at all.
    public static var never: TextInputAutocapitalization { fatalError() }
}
