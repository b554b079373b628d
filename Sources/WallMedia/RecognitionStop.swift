import CTesseract

/// Stops a running recognition from another thread (a job being cancelled): Tesseract's monitor
/// reads the flag between words.
public final class RecognitionStop: @unchecked Sendable {
    // Written and read only atomically (`dwall_tess_set_flag`, `dwall_tess_cancelled`).
    let flag: UnsafeMutablePointer<Int32>

    /// Makes a flag that is not set.
    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }

    /// Asks the recognition to stop as soon as it can.
    public func stop() { dwall_tess_set_flag(flag) }

    /// Whether `stop()` was called.
    public var isStopped: Bool { dwall_tess_cancelled(flag, 0) }
}
