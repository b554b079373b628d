import Foundation

/// A horizontal alignment.
public struct HorizontalAlignment: Equatable, Sendable {
    /// Leading.
    public static let leading = HorizontalAlignment()
    /// Centre.
    public static let center = HorizontalAlignment()
}

/// A vertical alignment.
public struct VerticalAlignment: Equatable, Sendable {
    /// Centre.
    public static let center = VerticalAlignment()
}

/// An alignment in both axes.
public struct Alignment: Equatable, Sendable {
    /// Leading, centred vertically.
    public static let leading = Alignment()
    /// Centred.
    public static let center = Alignment()
}

/// Views in a column.
public struct VStack<Content: View>: View {
    /// A column of `content`.
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Views in a row.
public struct HStack<Content: View>: View {
    /// A row of `content`.
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Views grouped for a modifier.
public struct Group<Content: View>: View {
    /// Groups `content`.
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Rows in a list.
public struct List<Content: View>: View {
    /// A list of `content`.
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// Controls for entering data, grouped in sections.
public struct Form<Content: View>: View {
    /// A form of `content`.
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A section of a list or form, with an optional header and footer.
public struct Section<Parent, Content, Footer>: View {
    /// No content of its own.
    public var body: Never { fatalError() }
}

extension Section where Parent: View, Content: View, Footer: View {
    /// A section with a header and a footer.
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) { fatalError() }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    /// A section with a header.
    nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    /// A section.
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    /// A section with a localized title.
    nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { fatalError() }
}

/// A scrolling view.
public struct ScrollView<Content: View>: View {
    /// Scrolls `content` along `axes`.
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A grid column.
public struct GridItem: Sendable {
    /// How wide a column is.
    public enum Size: Sendable {
        /// As many columns as fit, each at least `minimum` wide.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
        /// One column sharing the width.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    }

    /// A column.
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { fatalError() }
}

/// A grid that grows downwards, making its cells as they scroll in.
public struct LazyVGrid<Content: View>: View {
    /// A grid of `content` in `columns`.
    nonisolated public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A view for each element of a collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View, DynamicViewContent where Content: View {
    /// No content of its own.
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// A view for each identifiable element.
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

extension ForEach where Content: View {
    /// A view for each element, identified by `id`.
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

extension DynamicViewContent {
    /// Lets the person delete elements (swipe or Edit).
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { _DynamicModified(content: self) }
}

/// A dynamic view with a modifier applied.
public struct _DynamicModified<Content: DynamicViewContent>: DynamicViewContent {
    nonisolated init(content: Content) {}
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A stack of views pushed by navigation links.
public struct NavigationStack<Root: View>: View {
    /// A stack starting at `root`.
    nonisolated public init(@ViewBuilder root: () -> Root) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}

/// A view that pushes a value's destination.
public struct NavigationLink<Label: View>: View {
    /// Pushes the destination of `value` (`navigationDestination(for:)`).
    nonisolated public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) { fatalError() }
    /// No content of its own.
    public var body: Never { fatalError() }
}
