import WallCore

/// Limits password attempts (the API's `POST /v1/auth/token`, the web sign-in and the settings
/// page's current-password check) so that guessing is slow and a stranger cannot lock anyone out.
///
/// Each attempt is first charged to its address (whatever names it tries); only when the address
/// may try is it charged to the user name *from that address*. A guesser therefore spends their
/// own address's budget, and the owner, signing in from another address, is never refused
/// because of them.
public struct SignInLimiter: Sendable {
    private let perAddress: RateLimiter<String>
    private let perUserAndAddress: RateLimiter<String>

    /// Makes the limiter with the sign-in limits of `Limits`, refilled by `now`.
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
        perAddress = RateLimiter(
            perSecond: Limits.signInsPerMinutePerAddress / 60, burst: Limits.signInBurstPerAddress, now: now
        )
        perUserAndAddress = RateLimiter(
            perSecond: Limits.signInsPerMinutePerUser / 60, burst: Limits.signInBurstPerUser, now: now
        )
    }

    /// Spends one attempt for `username` from `address`, or throws the 429 to answer.
    public func admit(username: String, address: String) throws(APIError) {
        if let wait = perAddress.take(address) { throw APIError.rateLimited(retryAfter: wait) }
        if let wait = perUserAndAddress.take("\(username.lowercased())\n\(address)") {
            throw APIError.rateLimited(retryAfter: wait)
        }
    }
}
