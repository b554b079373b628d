import Foundation
import WallCore

/// Sends shares the safe way: into the outbox first, then to the server within a deadline;
/// and drains the outbox later. Generic over the clock it waits on, so tests never sleep.
public struct Delivery<C: Clock>: ShareDelivering where C.Duration == Duration {
    /// Where shares wait.
    public var outbox: Outbox
    /// The API client, with the signed-in account's token.
    public var client: WallAPIClient
    /// The signed-in account: shares are stored for it, and a drain sends only its shares.
    public var userID: UUID?
    /// When to try again.
    public var policy: RetryPolicy
    /// The clock waits and deadlines are measured on.
    public var clock: C
    /// A source of numbers in `0 ..< 1` for jitter.
    public var random: @Sendable () -> Double
    /// How long a share handed to a background upload is left to it (drains skip it meanwhile).
    public var handover = BackgroundUploadPolicy.standard
    /// The wall-clock time, for handover marks.
    public var now: @Sendable () -> Date = { Date() }

    /// Makes a delivery.
    public init(
        outbox: Outbox, client: WallAPIClient, userID: UUID?, policy: RetryPolicy, clock: C,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.outbox = outbox
        self.client = client
        self.userID = userID
        self.policy = policy
        self.clock = clock
        self.random = random
    }

    /// Stores each share in the outbox (checked first: an invalid one is refused and not stored),
    /// then sends them in order until `budget` is spent, holding a share's lock only while its
    /// request is in flight. Each ends saved, queued or failed; once
    /// one is queued because the server can't take it now, the rest are queued without trying.
    public func deliver(_ shares: [PendingShare], within budget: Duration) async -> [DeliveryResult] {
        let deadline = clock.now.advanced(by: budget)
        var (results, claims) = store(shares)
        let loop = RetryLoop(policy: policy, clock: clock, random: random, pacer: nil)
        var holdReason: ShareError?
        for (index, claim) in claims {
            if let holdReason {
                try? claim.release(recording: holdReason)
                results[index] = .queued(shareID: claim.entry.share.id, reason: holdReason)
                continue
            }
            let attempt = await send(claim, loop: loop, deadline: deadline)
            guard let held = attempt.claim else {
                // Between tries another process (the app's drain) took the share: it sends it.
                let id = claim.entry.share.id
                if case .gone? = attempt.lost {
                    // Gone: delivered, unless that process met a refusal and kept it as failed.
                    results[index] = refusedElsewhere(id).map { .failed(shareID: id, error: $0) } ?? .saved(shareID: id, response: nil)
                } else {
                    results[index] = .queued(shareID: id, reason: nil)
                }
                continue
            }
            results[index] = finish(held, attempt.sent, keepFailures: false)
            if case .queued(_, let reason) = results[index] { holdReason = reason }
        }
        return results.map { $0! }
    }

    /// The refusal another process recorded for a share it moved to `failed/`, if it did.
    private func refusedElsewhere(_ id: UUID) -> ShareError? {
        guard let entry = try? outbox.failedEntry(shareID: id) else { return nil }
        return .invalid(field: nil, message: entry.lastError ?? "The server refused this share.")
    }

    /// Stores the shares in the outbox without sending them (a drain will).
    public func queue(_ shares: [PendingShare]) -> [DeliveryResult] {
        var (results, claims) = store(shares)
        for (index, claim) in claims {
            try? claim.release(recording: nil)
            results[index] = .queued(shareID: claim.entry.share.id, reason: nil)
        }
        return results.map { $0! }
    }

    /// Checks and enqueues each share: the claims of those stored, and a failed result for the rest.
    private func store(_ shares: [PendingShare]) -> ([DeliveryResult?], [(index: Int, claim: OutboxClaim)]) {
        var results: [DeliveryResult?] = Array(repeating: nil, count: shares.count)
        var claims: [(index: Int, claim: OutboxClaim)] = []
        for (index, share) in shares.enumerated() {
            var pending = share
            pending.userID = share.userID ?? userID
            do {
                _ = try share.request.validated(attachmentCount: share.attachments.count)
                claims.append((index, try outbox.enqueue(pending)))
            } catch let error as ValidationError {
                results[index] = .failed(shareID: share.request.id, error: .invalid(field: error.field, message: error.message))
            } catch {
                results[index] = .failed(shareID: share.request.id, error: .storage("The share could not be saved on this device: \(error)"))
            }
        }
        return (results, claims)
    }

    /// Takes queued shares back out of the outbox; one being sent by another process stays, and
    /// so does one handed to a background upload (it is on its way: its result settles it).
    public func withdraw(shareIDs: [UUID]) async {
        for id in shareIDs {
            guard case .claimed(let claim) = try? outbox.claim(shareID: id) else { continue }
            if claim.entry.handedOverAt == nil { try? claim.withdraw() } else { try? claim.release(recording: nil) }
        }
    }

    /// Settles a claimed share after sending: removed when delivered, kept when the error says
    /// so, else removed (`keepFailures`: moved to `failed/`).
    func finish(_ claim: OutboxClaim, _ sent: Result<ShareResponse, ShareError>, keepFailures: Bool) -> DeliveryResult {
        let id = claim.entry.share.id
        switch sent {
        case .success(let response):
            try? claim.complete()
            return .saved(shareID: id, response: response)
        case .failure(let error) where error.meansDelivered:
            try? claim.complete()
            return .saved(shareID: id, response: nil)
        case .failure(let error) where error.shouldKeepForLater:
            try? claim.release(recording: error)
            return .queued(shareID: id, reason: error)
        case .failure(let error):
            if keepFailures { try? claim.fail(error) } else { try? claim.withdraw() }
            return .failed(shareID: id, error: error)
        }
    }
}
