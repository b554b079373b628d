import Foundation

// MARK: Lifecycle and events

extension View {
    /// Runs `action` when the view appears.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _ViewModifier_Content(self) }
    /// Runs `action` when `value` changes.
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View { _ViewModifier_Content(self) }
    /// Runs `action` for each value `publisher` emits.
    nonisolated public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        _ViewModifier_Content(self)
    }
    /// Runs `action` when the app is asked to open a URL.
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { _ViewModifier_Content(self) }
    /// Runs `action` while the view is on screen (cancelled when it goes).
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { _ViewModifier_Content(self) }
    /// Runs `action` while the view is on screen, anew whenever `id` changes.
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { _ViewModifier_Content(self) }
    /// Pull to refresh.
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { _ViewModifier_Content(self) }
}

// MARK: Navigation and presentation

extension View {
    /// The navigation title.
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { _ViewModifier_Content(self) }
    /// The navigation title, as given.
    @_disfavoredOverload nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _ViewModifier_Content(self) }
    /// How the title shows in the navigation bar.
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { _ViewModifier_Content(self) }
    /// Pushes `destination` while `item` is not `nil`.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { _ViewModifier_Content(self) }
    /// The destination of navigation links with values of `data`.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { _ViewModifier_Content(self) }
    /// Presents `content` as a sheet while `isPresented`.
    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { _ViewModifier_Content(self) }
    /// Toolbar items.
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { _ViewModifier_Content(self) }
}

// MARK: Toolbar

/// Items of a toolbar.
@MainActor @preconcurrency
public protocol ToolbarContent {}

extension Optional: ToolbarContent where Wrapped: ToolbarContent {}

/// Toolbar items side by side.
public struct _TupleToolbarContent<T>: ToolbarContent {}

/// One of two toolbar contents.
public struct _ConditionalToolbarContent<TrueContent: ToolbarContent, FalseContent: ToolbarContent>: ToolbarContent {}

/// Builds toolbar content.
@resultBuilder
public struct ToolbarContentBuilder {
    /// One item.
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { fatalError() }
    /// Several items.
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> _TupleToolbarContent<(repeat each Content)> { fatalError() }
    /// An `if` without `else`.
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? { fatalError() }
    /// The `if` branch.
    public static func buildEither<T: ToolbarContent, F: ToolbarContent>(first: T) -> _ConditionalToolbarContent<T, F> { fatalError() }
    /// The `else` branch.
    public static func buildEither<T: ToolbarContent, F: ToolbarContent>(second: F) -> _ConditionalToolbarContent<T, F> { fatalError() }
}

/// Where a toolbar item goes.
public struct ToolbarItemPlacement: Sendable {
    /// Where the system puts it.
    public static let automatic = ToolbarItemPlacement()
    /// The main action.
    public static let primaryAction = ToolbarItemPlacement()
    /// Confirms (Done, Save).
    public static let confirmationAction = ToolbarItemPlacement()
    /// Cancels.
    public static let cancellationAction = ToolbarItemPlacement()
    /// The leading edge of the top bar.
    public static let topBarLeading = ToolbarItemPlacement()
    /// The trailing edge of the top bar.
    public static let topBarTrailing = ToolbarItemPlacement()
}

/// One toolbar item.
public struct ToolbarItem<Content: View>: ToolbarContent {
    /// An item at `placement`.
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
}
