import Foundation

/// A stored value of a view that SwiftUI keeps and watches.
public protocol DynamicProperty {}

/// State a view owns.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    /// Starts at `value`.
    public init(wrappedValue value: Value) { fatalError() }
    /// The value.
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    /// A binding to it.
    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    /// Starts at `nil`.
    public init() { fatalError() }
}

/// A two-way connection to a value stored elsewhere.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { fatalError() }
    /// The binding a `@Binding` property is given.
    public init(projectedValue: Binding<Value>) { fatalError() }
    /// The value.
    public var wrappedValue: Value { get { fatalError() } nonmutating set { fatalError() } }
    /// Itself.
    public var projectedValue: Binding<Value> { fatalError() }
    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

/// Bindings to the properties of an `@Observable` object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
    /// Wraps `wrappedValue`.
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
    /// The object.
    public var wrappedValue: Value
    /// Itself, for `$model.property`.
    public var projectedValue: Bindable<Value> { fatalError() }
    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

extension Bindable: @unchecked Sendable where Value: Sendable {}

/// A value read from the view's environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    /// The value.
    public var wrappedValue: Value { fatalError() }
}

/// The environment's values.
public struct EnvironmentValues {
    /// Whether the scene is on screen.
    public var scenePhase: ScenePhase { fatalError() }
    /// Dismisses the presentation the view is in.
    public var dismiss: DismissAction { fatalError() }
    /// Pixels per point.
    public var displayScale: CGFloat { fatalError() }
}

/// Dismisses the current presentation.
@MainActor @preconcurrency
public struct DismissAction {
    /// Dismisses it.
    public func callAsFunction() { fatalError() }
}
