import Foundation
import UIKit

/// What every modifier here returns: `self`, modified.
public struct _ViewModifier_Content<Content: View>: View {
    nonisolated init(_ content: Content) {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

// MARK: Layout and text

extension View {
    /// Pads the edges.
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _ViewModifier_Content(self) }
    /// Pads every edge by `length`.
    nonisolated public func padding(_ length: CGFloat) -> some View { _ViewModifier_Content(self) }
    /// A fixed size.
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { _ViewModifier_Content(self) }
    /// A flexible size.
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { _ViewModifier_Content(self) }
    /// The font of text inside.
    nonisolated public func font(_ font: Font?) -> some View { _ViewModifier_Content(self) }
    /// Bold text inside.
    nonisolated public func bold(_ isActive: Bool = true) -> some View { _ViewModifier_Content(self) }
    /// Digits of one width.
    nonisolated public func monospacedDigit() -> some View { _ViewModifier_Content(self) }
    /// At most `number` lines.
    nonisolated public func lineLimit(_ number: Int?) -> some View { _ViewModifier_Content(self) }
    /// Between `limit`'s bounds of lines.
    nonisolated public func lineLimit(_ limit: ClosedRange<Int>) -> some View { _ViewModifier_Content(self) }
    /// How lines are aligned.
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { _ViewModifier_Content(self) }
    /// Whether the text can be selected.
    nonisolated public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { _ViewModifier_Content(self) }
    /// Scales to fill its frame, keeping the aspect ratio.
    nonisolated public func scaledToFill() -> some View { _ViewModifier_Content(self) }
    /// Clips to `shape`.
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { _ViewModifier_Content(self) }
}

// MARK: Colour and style

extension View {
    /// The foreground's style.
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _ViewModifier_Content(self) }
    /// A background of `style` in `shape`.
    nonisolated public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { _ViewModifier_Content(self) }
    /// The tint of controls inside.
    nonisolated public func tint(_ tint: Color?) -> some View { _ViewModifier_Content(self) }
    /// The look of buttons inside.
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _ViewModifier_Content(self) }
    /// The size of controls inside.
    nonisolated public func controlSize(_ controlSize: ControlSize) -> some View { _ViewModifier_Content(self) }
    /// Plays `effect` on symbols inside when `value` changes.
    nonisolated public func symbolEffect<T: DiscreteSymbolEffect & SymbolEffect, U: Equatable>(_ effect: T, value: U) -> some View { _ViewModifier_Content(self) }
    /// A badge with a count (none at zero).
    nonisolated public func badge(_ count: Int) -> some View { _ViewModifier_Content(self) }
    /// Whether controls inside are disabled.
    nonisolated public func disabled(_ disabled: Bool) -> some View { _ViewModifier_Content(self) }
    /// The value a picker selects with this row.
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { _ViewModifier_Content(self) }
}

// MARK: Text input

extension View {
    /// The keyboard.
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { _ViewModifier_Content(self) }
    /// What the field holds, for AutoFill.
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View { _ViewModifier_Content(self) }
    /// How typing is capitalized.
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { _ViewModifier_Content(self) }
    /// Turns autocorrection off.
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { _ViewModifier_Content(self) }
    /// Runs `action` when the person submits (Return).
    nonisolated public func onSubmit(_ action: @escaping () -> Void) -> some View { _ViewModifier_Content(self) }
}

// MARK: Accessibility and feedback

extension View {
    /// A label for VoiceOver.
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { _ViewModifier_Content(self) }
    /// Makes an element of its children.
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .contain) -> some View { _ViewModifier_Content(self) }
    /// Plays the haptic `feedback` returns when `trigger` changes (none for `nil`).
    nonisolated public func sensoryFeedback<T: Equatable>(
        trigger: T, _ feedback: @escaping (_ oldValue: T, _ newValue: T) -> SensoryFeedback?
    ) -> some View { _ViewModifier_Content(self) }
}
