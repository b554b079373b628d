import Foundation

/// Starts an upload that goes on after the process ends: a background `URLSession` in the App
/// Group on iOS (its results reach the app), a recording stub in tests.
public protocol BackgroundUploading: Sendable {
    /// Starts sending `request` with the body in `bodyFile`, labelled with the share's id so the
    /// result can be matched to its outbox entry.
    func startUpload(_ request: HTTPRequestMessage, bodyFile: URL, shareID: UUID) throws
}
