import Foundation

// Apple's delegate protocols are Objective-C protocols with optional methods; here each method
// is a requirement with an empty default, so a method that nearly matches one is a warning
// (an error under -warnings-as-errors), as Xcode warns about a near-miss.

/// Session-level events (`Sendable`: they arrive on the delegate queue).
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {
    /// Every event of a background session the app was woken for has been delivered.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession)
}

/// Task-level events.
public protocol URLSessionTaskDelegate: URLSessionDelegate {
    /// A task finished, with `error` when it failed.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?)
}

/// Data-task events.
public protocol URLSessionDataDelegate: URLSessionTaskDelegate {
    /// Part of a data task's body arrived.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
}

extension URLSessionDelegate {
    /// Optional: does nothing.
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {}
}

extension URLSessionTaskDelegate {
    /// Optional: does nothing.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}
}

extension URLSessionDataDelegate {
    /// Optional: does nothing.
    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {}
}
