import Foundation
import WallCore

/// The file the outbox keeps for one share (JSON): the request, its files, and its history.
public struct OutboxEntry: Codable, Sendable, Equatable {
    /// The file format's version.
    public var format: Int
    /// The request, sent as is on every attempt.
    public var share: ShareRequest
    /// Files copied beside the entry.
    public var attachments: [StoredAttachment]
    /// The account the share is for, when known.
    public var userID: UUID?
    /// When it entered the outbox.
    public var enqueuedAt: Date
    /// Delivery runs that ended without a 2xx.
    public var attempts: Int
    /// When the last of them ended.
    public var lastAttemptAt: Date?
    /// Why the last of them failed.
    public var lastError: String?
    /// When a background upload took the share over: until it settles the entry (or
    /// `BackgroundUploadPolicy.handoverLifetime` passes), a drain leaves the share alone, so it is
    /// never uploaded twice.
    public var handedOverAt: Date?

    /// The format this version writes.
    public static let currentFormat = 1

    /// Makes an entry.
    public init(
        share: ShareRequest, attachments: [StoredAttachment] = [], userID: UUID? = nil, enqueuedAt: Date,
        attempts: Int = 0, lastAttemptAt: Date? = nil, lastError: String? = nil, handedOverAt: Date? = nil
    ) {
        self.format = Self.currentFormat
        self.share = share
        self.attachments = attachments
        self.userID = userID
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
        self.handedOverAt = handedOverAt
    }

    /// The entry as its file's bytes.
    func encoded() throws(OutboxError) -> Data {
        do { return try WallJSON.encoder().encode(self) } catch {
            throw OutboxError(message: "Could not encode share \(share.id): \(error)")
        }
    }

    /// Reads an entry's file; throws a reason when it is cut short, damaged or of a newer format.
    static func decode(_ data: Data) throws(OutboxError) -> OutboxEntry {
        let entry: OutboxEntry
        do { entry = try WallJSON.decoder().decode(OutboxEntry.self, from: data) } catch {
            throw OutboxError(message: data.isEmpty ? "The file is empty." : "The file is not a readable share (\(data.count) bytes): \(error)")
        }
        guard entry.format <= currentFormat else {
            throw OutboxError(message: "The file has format \(entry.format); this version reads \(currentFormat).")
        }
        return entry
    }
}
