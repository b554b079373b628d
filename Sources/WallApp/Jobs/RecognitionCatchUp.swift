import Foundation
import Logging
import ServiceLifecycle
import WallCore
import WallStore

/// Gives every picture and PDF that was never recognised (shared before recognition existed, or
/// while it was off) a `recognize` job at bulk priority, once, when the server starts with
/// recognition on; new shares get theirs from the thumbnail job. Items already recognised, or
/// with a job of any state, are left alone, so a restart enqueues nothing twice.
struct RecognitionCatchUp: Service {
    let store: any WallStore
    let logger: Logger
    /// Items looked at per round.
    static let batch = 500

    func run() async throws {
        do {
            let queued = try await enqueueAll()
            if queued > 0 { logger.info("Queued text recognition for earlier pictures and PDFs", metadata: ["jobs": "\(queued)"]) }
        } catch {
            if !Task.isCancelled { logger.warning("Could not queue recognition of earlier items", metadata: ["error": "\(error)"]) }
        }
        try? await gracefulShutdown()
    }

    /// Enqueues the jobs, round by round until no item awaits; returns how many.
    func enqueueAll() async throws -> Int {
        var queued = 0
        while !Task.isCancelled {
            let awaiting = try await store.itemsAwaitingRecognition(limit: Self.batch)
            let jobs = awaiting.filter { RecognitionJob.applies(to: $0.file) }.map {
                NewJob(kind: .recognize, itemID: $0.itemID, userID: $0.userID, priority: .bulk)
            }
            if !jobs.isEmpty { _ = try await store.jobs.enqueue(jobs) }
            queued += jobs.count
            // A round that enqueued nothing would find the same items again.
            if awaiting.count < Self.batch || jobs.isEmpty { return queued }
        }
        return queued
    }
}
