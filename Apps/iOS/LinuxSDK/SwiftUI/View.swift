@_exported import Combine
@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation
import UIKit

// SwiftUI, as far as the app and its extension use it. `View`, `App`, `Scene` and
// `ToolbarContent` are `@MainActor @preconcurrency`, as in the SDK; modifiers are `nonisolated`;
// closures carry the SDK's isolation (`@MainActor` actions, `@Sendable` async tasks that inherit
// the caller's actor). Generic parameters the app never names are left out of some views.

/// A part of the interface.
@MainActor @preconcurrency
public protocol View {
    /// The view's content.
    associatedtype Body: View
    /// The view's content.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    /// No content.
    public typealias Body = Never
    /// No content.
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    /// No content of its own.
    public typealias Body = Never
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Nothing.
public struct EmptyView: View {
    /// Nothing.
    nonisolated public init() {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Views built side by side by a view builder.
public struct TupleView<T>: View {
    /// Wraps the views.
    nonisolated public init(_ value: T) {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// One of two views, as an `if`/`else` builds it.
public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A view with a modifier applied (what every modifier here returns).
public struct ModifiedContent<Content, Modifier>: View where Content: View {
    /// Wraps `content`.
    nonisolated public init(content: Content, modifier: Modifier) {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Builds views from closures.
@resultBuilder
public struct ViewBuilder {
    /// No views.
    public static func buildBlock() -> EmptyView { fatalError() }
    /// One view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
    /// Several views.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { fatalError() }
    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
    /// The `if` branch.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// The `else` branch.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

/// A view whose data can be edited in place (`ForEach`'s `onDelete`).
public protocol DynamicViewContent: View {}

/// Hosts a SwiftUI view in UIKit.
@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController {
    /// Hosts `rootView`.
    public init(rootView: Content) { fatalError() }
    /// Loads from an archive.
    public required init?(coder: NSCoder) { fatalError() }
    /// The hosted view.
    public var rootView: Content { get { fatalError() } set { fatalError() } }
}
