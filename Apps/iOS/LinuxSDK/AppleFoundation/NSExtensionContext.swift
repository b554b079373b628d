import Foundation

/// The host app's context of an app extension.
open class NSExtensionContext: NSObject {
    /// The items the host app sent (`NSExtensionItem`s).
    open var inputItems: [Any] { fatalError() }
    /// Tells the host the request is done, returning `items`.
    open func completeRequest(returningItems items: [Any]?, completionHandler: (@Sendable (Bool) -> Void)? = nil) { fatalError() }
    /// Tells the host the request was cancelled.
    open func cancelRequest(withError error: any Error) { fatalError() }
}

/// An item sent to an app extension.
open class NSExtensionItem: NSObject {
    /// The item's attachments.
    open var attachments: [NSItemProvider]?
}
