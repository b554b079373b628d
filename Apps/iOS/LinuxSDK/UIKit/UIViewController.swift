import Foundation

/// Manages a view hierarchy.
@MainActor
open class UIViewController: UIResponder {
    /// Loads from a nib (both `nil`: no nib).
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    /// Loads from an archive.
    public required init?(coder: NSCoder) { fatalError() }
    /// Its root view.
    open var view: UIView! { get { fatalError() } set { fatalError() } }
    /// The view is loaded.
    open func viewDidLoad() { fatalError() }
    /// Adds a child view controller.
    open func addChild(_ childController: UIViewController) { fatalError() }
    /// Called after it was added to (or removed from) a parent.
    open func didMove(toParent parent: UIViewController?) { fatalError() }
    /// Whether the sheet it is presented in refuses to be swiped away.
    open var isModalInPresentation: Bool { get { fatalError() } set { fatalError() } }
}

extension UIViewController {
    /// The app extension's context, for an extension's principal view controller.
    public var extensionContext: NSExtensionContext? { fatalError() }
}
