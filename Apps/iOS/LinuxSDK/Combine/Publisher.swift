// Combine, as far as the app uses it: a publisher SwiftUI's `onReceive` takes
// (`NotificationCenter.Publisher`). Declarations as in Combine's interface (iOS 13+).

/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output
    /// The kind of errors this publisher might publish.
    associatedtype Failure: Error
}
