extension ComposeAction {
    /// The button's title.
    public var title: String {
        switch self {
        case .retry: "Try Again"
        case .keepForLater: "Keep for Later"
        case .cancel: "Cancel"
        case .done: "Done"
        }
    }

    /// Whether closing for this action completes the extension's request (`completeRequest`)
    /// rather than cancelling it (`cancelRequest`): only a cancel takes the share back.
    public var completesRequest: Bool { self != .cancel }
}
