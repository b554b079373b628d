import Foundation
import UIKit

/// An app.
@MainActor @preconcurrency
public protocol App {
    /// The app's scenes.
    associatedtype Body: Scene
    /// The app's scenes.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Makes the app.
    @MainActor @preconcurrency init()
}

extension App {
    /// Runs the app (`@main`).
    @MainActor @preconcurrency public static func main() { fatalError() }
}

/// A part of the app's interface the system manages (a window).
@MainActor @preconcurrency
public protocol Scene {
    /// The scene's content.
    associatedtype Body: Scene
    /// The scene's content.
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

/// Builds scenes from closures.
@resultBuilder
public struct SceneBuilder {
    /// One scene.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError() }
}

/// A scene of windows showing `Content`.
public struct WindowGroup<Content: View>: Scene {
    /// Windows of `content`.
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A scene with a modifier applied.
public struct _ModifiedScene<Content: Scene>: Scene {
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Whether a scene is on screen.
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// In the background.
    case background
    /// On screen, not taking events.
    case inactive
    /// On screen, taking events.
    case active
}

/// A kind of background task the system launches the app for.
public struct BackgroundTask<Request, Response>: Sendable {}

extension BackgroundTask where Request == Void, Response == Void {
    /// A background app refresh task (`BGAppRefreshTaskRequest`) named `identifier`.
    public static func appRefresh(_ identifier: String) -> BackgroundTask<Void, Void> { fatalError() }
}

extension Scene {
    /// Runs `action` when `value` changes.
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some Scene { _ModifiedScene<Self>() }

    /// Runs `action` when the system launches the app for `task`.
    nonisolated public func backgroundTask<D: Sendable, R: Sendable>(
        _ task: BackgroundTask<D, R>, action: @escaping @Sendable (D) async -> R
    ) -> some Scene { _ModifiedScene<Self>() }
}

/// Makes a UIKit app delegate of `DelegateType` for a SwiftUI app.
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    /// Makes the delegate.
    public init(_ delegateType: DelegateType.Type = DelegateType.self) { fatalError() }
    /// The delegate.
    public var wrappedValue: DelegateType { fatalError() }
}
