import Foundation
import WallCore

/// What a job does, as a string so new kinds need no schema change (`enrich`, `thumbnail`, …).
public struct JobKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The kind's name as stored.
    public let rawValue: String

    /// Makes a kind from its stored name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Makes a kind from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// Fetching a link's page for its title, description and preview (the enrichment pipeline).
    public static let enrich: JobKind = "enrich"
    /// Making a preview image for an image or file item.
    public static let thumbnail: JobKind = "thumbnail"
    /// Recognising the text in a picture or a scanned PDF's pages (OCR), after its thumbnail.
    public static let recognize: JobKind = "recognize"
}

/// How soon a job should run compared with others: higher runs first; within one priority, older first.
public struct JobPriority: RawRepresentable, Hashable, Sendable, Comparable {
    /// The stored value (higher first).
    public let rawValue: Int16

    /// Makes a priority from its stored value.
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Work following something a person just did (a share): runs before any bulk work.
    public static let interactive = JobPriority(rawValue: 100)
    /// Background work in bulk (an import's enrichment): runs when nothing interactive waits.
    public static let bulk = JobPriority(rawValue: 0)

    public static func < (lhs: JobPriority, rhs: JobPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a job is in its life. A job that succeeds is removed from the queue (no `done` rows).
public enum JobState: String, Sendable, Equatable, CaseIterable {
    /// Waiting for its run time and a free worker.
    case queued
    /// Claimed by a worker whose lease has not been given up (it may have expired: then any
    /// worker may claim it again).
    case running
    /// Gave up: failed permanently, or failed (or lost its worker) too many times. Kept with its
    /// last error for a person to look at; never run again by the queue.
    case dead
}

/// A worker's hold on a claimed job: only the holder of the current lease can complete, fail,
/// renew or release it, so a worker whose lease expired (and whose job was claimed again)
/// can no longer change it.
public struct JobLease: Sendable, Hashable {
    /// The job.
    public var jobID: UUID
    /// This claim (a new one each time the job is claimed).
    public var leaseID: UUID

    /// Makes a lease.
    public init(jobID: UUID, leaseID: UUID) {
        self.jobID = jobID
        self.leaseID = leaseID
    }
}

/// A job in the queue.
public struct Job: Sendable, Equatable, Identifiable {
    /// Its id (time-ordered).
    public var id: UUID
    /// What it does.
    public var kind: JobKind
    /// The item it is for, if any; the job is removed with the item.
    public var itemID: UUID?
    /// Whose work it is, if anyone's; the job is removed with the user.
    public var userID: UUID?
    /// A small, kind-specific payload (JSON, a URL…), at most `Limits.maxJobPayloadBytes`.
    public var payload: String?
    /// How soon it runs compared with others.
    public var priority: JobPriority
    /// Where it is in its life.
    public var state: JobState
    /// How many times it has been claimed (so far, including a running claim).
    public var attempts: Int
    /// Not claimed before this time (the backoff after a failure).
    public var runAt: Date
    /// Who holds it while running, for people reading the queue (a worker's name).
    public var leaseOwner: String?
    /// When the running claim expires unless renewed.
    public var leaseExpiresAt: Date?
    /// The current claim, while running.
    public var lease: JobLease?
    /// The last failure's message.
    public var lastError: String?
    /// When it was enqueued.
    public var createdAt: Date

    /// Makes a job value (stores make these; callers enqueue `NewJob`s).
    public init(
        id: UUID, kind: JobKind, itemID: UUID?, userID: UUID?, payload: String?, priority: JobPriority,
        state: JobState, attempts: Int, runAt: Date, leaseOwner: String?, leaseExpiresAt: Date?, lease: JobLease?,
        lastError: String?, createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.itemID = itemID
        self.userID = userID
        self.payload = payload
        self.priority = priority
        self.state = state
        self.attempts = attempts
        self.runAt = runAt
        self.leaseOwner = leaseOwner
        self.leaseExpiresAt = leaseExpiresAt
        self.lease = lease
        self.lastError = lastError
        self.createdAt = createdAt
    }
}

/// A job to enqueue.
public struct NewJob: Sendable, Equatable {
    /// What it does.
    public var kind: JobKind
    /// The item it is for; it must belong to `userID`.
    public var itemID: UUID?
    /// Whose work it is (required with an item).
    public var userID: UUID?
    /// A small, kind-specific payload.
    public var payload: String?
    /// How soon it runs compared with others.
    public var priority: JobPriority
    /// Not before this time (`nil`: now).
    public var runAt: Date?

    /// Makes a job to enqueue.
    public init(
        kind: JobKind, itemID: UUID? = nil, userID: UUID? = nil, payload: String? = nil,
        priority: JobPriority = .interactive, runAt: Date? = nil
    ) {
        self.kind = kind
        self.itemID = itemID
        self.userID = userID
        self.payload = payload
        self.priority = priority
        self.runAt = runAt
    }

    /// Throws `JobRefused` for a job the queue won't take (checked before anything is written).
    func validate() throws {
        let kindLength = kind.rawValue.count
        guard kindLength > 0, kindLength <= Limits.maxJobKindLength else {
            throw JobRefused(reason: "A job kind has 1 to \(Limits.maxJobKindLength) characters.")
        }
        if let payload, payload.utf8.count > Limits.maxJobPayloadBytes {
            throw JobRefused(reason: "A job's payload is at most \(Limits.maxJobPayloadBytes) bytes.")
        }
        if itemID != nil, userID == nil {
            throw JobRefused(reason: "A job for an item names the item's owner.")
        }
    }
}

/// A job the queue refused; nothing was enqueued.
public struct JobRefused: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why.
    public var reason: String
    public var description: String { reason }
}
