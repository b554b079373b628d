extension ComposeAction {
    /// The button's title.
    public var title: String {
        switch self {
        case .retry: "Try Again"
        case .keepForLater: "Keep for Later"
        case .signIn: "Open Digital Wall"
        case .cancel: "Cancel"
        case .done: "Done"
        }
    }

    /// Whether closing for this action completes the extension's request (`completeRequest`)
    /// rather than cancelling it (`cancelRequest`): only a cancel takes the share back.
    public var completesRequest: Bool { self != .cancel }

    /// Whether closing for this action should open the app (to sign in).
    public var opensApp: Bool { self == .signIn }
}
