import Foundation
import UIKit

/// An image.
public struct Image: Hashable, Sendable, View {
    /// A system symbol.
    nonisolated public init(systemName: String) { fatalError() }
    /// A UIKit image.
    nonisolated public init(uiImage: UIImage) { fatalError() }
    /// Resizable to fill its frame.
    nonisolated public func resizable() -> Image { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A title with an icon.
public struct Label<Title: View, Icon: View>: View {
    /// Localized title, with a system symbol.
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) where Title == Text, Icon == Image { fatalError() }
    /// A title as given, with a system symbol.
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) where Title == Text, Icon == Image { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// What a button does, for its look.
public struct ButtonRole: Equatable, Sendable {
    /// Deletes data.
    public static let destructive = ButtonRole()
    /// Cancels.
    public static let cancel = ButtonRole()
}

/// A button.
public struct Button<Label: View>: View {
    /// A button showing `label`.
    nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    /// A button titled with a localized string.
    nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) where Label == Text { fatalError() }
    /// A button titled with a string as given.
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) where Label == Text { fatalError() }
    /// A button with a role, titled with a localized string.
    nonisolated public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) where Label == Text { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A link that opens a URL.
public struct Link<Label: View>: View {
    /// Opens `destination`.
    nonisolated public init(destination: URL, @ViewBuilder label: () -> Label) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A menu.
public struct Menu<Label: View, Content: View>: View {
    /// A menu of `content`, shown by `label`.
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A choice among tagged values.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    /// A picker titled with a localized string.
    nonisolated public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) where Label == Text { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Lines of text or a vertical axis.
public enum Axis: Int8, Hashable, Sendable {
    /// Horizontal.
    case horizontal
    /// Vertical.
    case vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: Int8
        /// Makes a set.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Horizontal.
        public static let horizontal = Axis.Set(rawValue: 1)
        /// Vertical.
        public static let vertical = Axis.Set(rawValue: 2)
    }
}

/// An editable text field.
public struct TextField<Label: View>: View {
    /// A field with a localized placeholder.
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text { fatalError() }
    /// A field that grows along `axis`.
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) where Label == Text { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A field for a password.
public struct SecureField<Label: View>: View {
    /// A field with a localized placeholder.
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Progress, here indeterminate.
public struct ProgressView: View {
    /// A spinner.
    nonisolated public init() { fatalError() }
    /// A spinner with a localized label.
    nonisolated public init(_ titleKey: LocalizedStringKey) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// What to show when there is nothing to show.
public struct ContentUnavailableView: View {
    /// A localized title, a symbol and a description.
    nonisolated public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) { fatalError() }
    /// A title as given, a symbol and a description.
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A label beside a value.
public struct LabeledContent: View {
    /// A formatted value.
    nonisolated public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String { fatalError() }
    /// A string value.
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A line between items.
public struct Divider: View {
    /// A divider.
    nonisolated public init() {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Space that grows.
public struct Spacer: View {
    /// A spacer.
    nonisolated public init(minLength: CGFloat? = nil) {}
    /// No content of its own.
    public var body: Never { fatalError() }
}
