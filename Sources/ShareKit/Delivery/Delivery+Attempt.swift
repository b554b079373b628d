import Foundation
import WallCore

extension Delivery {
    /// How sending one outbox entry ended: the entry, held again to be settled (unless it was
    /// `lost`), and what the last try gave.
    struct Attempt: Sendable {
        /// The entry, claimed, to settle with `finish`; `nil` when `lost`.
        var claim: OutboxClaim?
        /// Set when the entry could not be taken again after a wait: another process is sending
        /// it (`.busy`) or has settled it (`.gone`), or it could not be read.
        var lost: DrainOutcome?
        /// The last try's answer.
        var sent: Result<ShareResponse, ShareError>
    }

    /// Sends the entry `first` holds through `loop`, holding its lock only while a request is in
    /// flight: before each wait between tries it lets go (so a process suspended while waiting
    /// holds no lock in the App Group), and takes the entry again for the next try.
    func send(
        _ first: OutboxClaim, loop: RetryLoop<C>, deadline: C.Instant?, keepGoing: @escaping @Sendable () -> Bool = { true }
    ) async -> Attempt {
        let name = first.name
        let held = Locked<OutboxClaim?>(first)
        let lost = Locked<DrainOutcome?>(nil)
        let sent = await loop.run(
            deadline: deadline,
            keepGoing: { keepGoing() && lost.withLock { $0 == nil } },
            beforeWaiting: { _ in try? held.withLock { claim in defer { claim = nil }; return claim }?.release(recording: nil) }
        ) { timeLeft throws(ShareError) in
            let claim: OutboxClaim
            switch takeAgain(name, held: held) {
            case .claimed(let again): claim = again
            case .skipped(let outcome):
                lost.withLock { $0 = outcome }
                throw .cancelled
            }
            return try await client.share(claim.entry.share, files: claim.uploads, timeout: timeLeft)
        }
        if let outcome = lost.withLock({ $0 }) { return Attempt(claim: nil, lost: outcome, sent: sent) }
        // Stopped during a wait (cancelled, or the deadline): take it again to record why.
        switch takeAgain(name, held: held) {
        case .claimed(let claim): return Attempt(claim: claim, lost: nil, sent: sent)
        case .skipped(let outcome): return Attempt(claim: nil, lost: outcome, sent: sent)
        }
    }

    /// The entry's claim: the one held, else a new one.
    private func takeAgain(_ name: String, held: Locked<OutboxClaim?>) -> DrainClaim {
        if let current = held.withLock({ $0 }) { return .claimed(current) }
        let again = claim(name)
        if case .claimed(let claim) = again { held.withLock { $0 = claim } }
        return again
    }

    /// Claims an entry, or says how a drain counts it when it can't.
    func claim(_ name: String) -> DrainClaim {
        switch Result(catching: { () throws(OutboxError) in try outbox.claim(name) }) {
        case .success(.claimed(let claimed)): .claimed(claimed)
        case .success(.busy): .skipped(.busy)
        case .success(.gone): .skipped(.gone)
        case .success(.damaged(let entry)): .skipped(.damaged(entry))
        case .failure(let error): .skipped(.stop(.storage(error.message)))
        }
    }
}

/// An attempt to take an outbox entry: taken, or how a drain counts it.
enum DrainClaim {
    case claimed(OutboxClaim)
    case skipped(DrainOutcome)
}
