import Foundation

extension Date {
    /// This date rounded to the millisecond, the precision every store and the wire keep.
    public var roundedToMillis: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// Milliseconds since 1970.
    public var millisSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
