import Foundation

/// A colour or pattern to draw with.
public protocol ShapeStyle: Sendable {}

extension ShapeStyle {
    /// The style at the second level of the hierarchy.
    public var secondary: some ShapeStyle { self }
}

/// A colour.
public struct Color: Hashable, Sendable, ShapeStyle, View {
    /// Red.
    public static let red = Color()
    /// Green.
    public static let green = Color()
    /// Blue.
    public static let blue = Color()
    /// Orange.
    public static let orange = Color()
    /// Secondary content.
    public static let secondary = Color()
    /// The app's accent colour.
    public static var accentColor: Color { fatalError() }
    /// The colour at `opacity`.
    public func opacity(_ opacity: Double) -> Color { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
    /// Red.
    public static var red: Color { fatalError() }
    /// Orange.
    public static var orange: Color { fatalError() }
}

/// A level of the foreground's hierarchy.
public struct HierarchicalShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// Secondary content.
    public static var secondary: HierarchicalShapeStyle { fatalError() }
}

/// The tint colour.
public struct TintShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == TintShapeStyle {
    /// The tint colour.
    public static var tint: TintShapeStyle { fatalError() }
}

/// The background's colour.
public struct BackgroundStyle: ShapeStyle {}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background's colour.
    public static var background: BackgroundStyle { fatalError() }
}

/// How a shape is filled.
public struct FillStyle: Equatable, Sendable {
    /// The default.
    public init() {}
}

/// A 2D shape.
public protocol Shape: Sendable, View {}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// Corners of `cornerRadius`.
    nonisolated public init(cornerRadius: CGFloat) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A button's look.
public protocol PrimitiveButtonStyle {}

/// No decoration.
public struct PlainButtonStyle: PrimitiveButtonStyle {}

/// A bordered button.
public struct BorderedButtonStyle: PrimitiveButtonStyle {}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// No decoration.
    public static var plain: PlainButtonStyle { fatalError() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// A bordered button.
    public static var bordered: BorderedButtonStyle { fatalError() }
}

/// The size of controls.
public enum ControlSize: CaseIterable, Hashable, Sendable {
    /// Regular.
    case regular
    /// Large.
    case large
}

/// An effect on an SF Symbol (the Symbols framework, re-exported by SwiftUI).
public protocol SymbolEffect: Sendable {}

/// An effect that plays once when a value changes.
public protocol DiscreteSymbolEffect: SymbolEffect {}

/// A bounce.
public struct BounceSymbolEffect: DiscreteSymbolEffect {}

extension SymbolEffect where Self == BounceSymbolEffect {
    /// A bounce.
    public static var bounce: BounceSymbolEffect { fatalError() }
}

/// Haptic feedback.
public struct SensoryFeedback: Equatable, Sendable {
    /// A task succeeded.
    public static let success = SensoryFeedback()
    /// A warning.
    public static let warning = SensoryFeedback()
    /// An error.
    public static let error = SensoryFeedback()
}

/// How an accessibility element relates to its children.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    /// The children stay elements, inside this one.
    public static let contain = AccessibilityChildBehavior()
}

/// Edges.
public enum Edge: Int8, Hashable, Sendable {
    /// Top.
    case top
    /// Leading.
    case leading
    /// Bottom.
    case bottom
    /// Trailing.
    case trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        /// The raw value.
        public let rawValue: Int8
        /// Makes a set.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// Every edge.
        public static let all = Edge.Set(rawValue: 15)
        /// The top.
        public static let top = Edge.Set(rawValue: 1)
        /// Leading and trailing.
        public static let horizontal = Edge.Set(rawValue: 10)
    }
}

/// How the navigation bar shows the title.
public enum NavigationBarItem {
    /// Large or inline.
    public enum TitleDisplayMode: Sendable {
        /// Small, in the bar.
        case inline
    }
}
