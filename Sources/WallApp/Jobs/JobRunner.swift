import Foundation
import Logging
import ServiceLifecycle
import WallCore
import WallStore

/// What runs one kind of job. Return normally when done (also when the job's item is gone: it
/// was deleted meanwhile); throw `JobFailure.permanent` for a failure no retry will fix, any
/// other error to be retried with backoff. A job may run more than once (see `JobQueue`), so a
/// handler must be idempotent. It is cancelled when the job's lease is lost or the server stops
/// past its grace period.
public typealias JobHandler = @Sendable (Job) async throws -> Void

/// A failure a handler reports.
public struct JobFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, kept on the job.
    public var message: String
    /// Whether retrying is pointless (the job goes straight to `dead`).
    public var isPermanent: Bool

    /// A failure that retrying won't fix.
    public static func permanent(_ message: String) -> JobFailure { JobFailure(message: message, isPermanent: true) }
    /// A failure that may pass (retried with backoff).
    public static func transient(_ message: String) -> JobFailure { JobFailure(message: message, isPermanent: false) }

    public var description: String { message }
}

/// Runs queued jobs with the handlers registered per kind: at most `concurrency` at a time,
/// renewing each job's lease while it runs, waking when jobs are enqueued (and polling slowly
/// besides). A service for the server's service group; with no handler registered it does
/// nothing.
///
/// On graceful shutdown it stops claiming, lets running jobs finish for `shutdownGrace`, then
/// cancels them and gives their jobs back to the queue (not counted as attempts), so another
/// worker or the next start runs them.
public final class JobRunner: Service, Sendable {
    /// This worker's name on the jobs it holds.
    public let owner: String
    private let queue: any JobQueue
    private let concurrency: Int
    private let lease: Duration
    private let retry: JobRetryPolicy
    private let pollInterval: Duration
    private let shutdownGrace: Duration
    private let logger: Logger
    private let handlers = Locked<[JobKind: JobHandler]>([:])
    private let slotFreed = WakeSignal()
    private let running = Locked(0)
    private let stopping = Locked(false)

    /// Makes a runner for `queue`; every limit defaults to `Limits`.
    public init(
        queue: any JobQueue, owner: String = JobRunner.defaultOwner(), concurrency: Int = Limits.jobConcurrency,
        lease: Duration = Limits.jobLease, retry: JobRetryPolicy = .standard,
        pollInterval: Duration = Limits.jobPollInterval, shutdownGrace: Duration = Limits.jobShutdownGrace,
        logger: Logger = Logger(label: "dwall.jobs")
    ) {
        self.queue = queue
        self.owner = owner
        self.concurrency = max(1, concurrency)
        self.lease = lease
        self.retry = retry
        self.pollInterval = pollInterval
        self.shutdownGrace = shutdownGrace
        self.logger = logger
    }

    /// A worker name that tells replicas apart in the jobs table: host, process and a random part.
    public static func defaultOwner() -> String {
        "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier):"
            + UUID().uuidString.prefix(8).lowercased()
    }

    /// Registers the handler for a kind (before `run`; a later one replaces an earlier one).
    public func register(_ kind: JobKind, _ handler: @escaping JobHandler) {
        handlers.withLock { $0[kind] = handler }
    }

    /// The kinds with a handler.
    public var kinds: Set<JobKind> { handlers.withLock { Set($0.keys) } }

    /// Claims and runs jobs until graceful shutdown or cancellation.
    public func run() async throws {
        let kinds = self.kinds
        guard !kinds.isEmpty else {
            // Nothing to run: wait for the end like any service.
            try? await gracefulShutdown()
            return
        }
        logger.info("Running jobs", metadata: ["kinds": "\(kinds.map(\.rawValue).sorted())", "owner": "\(owner)"])
        await withTaskGroup(of: Void.self) { group in
            await withGracefulShutdownHandler {
                await claimLoop(kinds: kinds, group: &group)
            } onGracefulShutdown: {
                self.stopping.withLock { $0 = true }
                self.slotFreed.notify()
            }
            // Stopping: running jobs get the grace period, then are cancelled (and given back).
            let deadline = ContinuousClock.now + shutdownGrace
            while running.withLock({ $0 }) > 0, ContinuousClock.now < deadline, !Task.isCancelled {
                await slotFreed.wait(timeout: deadline - ContinuousClock.now)
            }
            group.cancelAll()
        }
    }

    private func claimLoop(kinds: Set<JobKind>, group: inout TaskGroup<Void>) async {
        var errorBackoff = Duration.milliseconds(200)
        while !Task.isCancelled, !stopping.withLock({ $0 }) {
            let free = concurrency - running.withLock { $0 }
            if free <= 0 {
                await slotFreed.wait(timeout: pollInterval)
                continue
            }
            let claimed: [Job]
            do {
                claimed = try await queue.claim(kinds: kinds, owner: owner, limit: free, lease: lease, retry: retry)
                errorBackoff = .milliseconds(200)
            } catch {
                if Task.isCancelled { return }
                logger.warning("Could not claim jobs", metadata: ["error": "\(error)"])
                await slotFreed.wait(timeout: errorBackoff)
                errorBackoff = min(errorBackoff * 2, pollInterval)
                continue
            }
            for job in claimed {
                running.withLock { $0 += 1 }
                group.addTask {
                    await self.execute(job)
                    self.running.withLock { $0 -= 1 }
                    self.slotFreed.notify()
                }
            }
            if claimed.count < free, !stopping.withLock({ $0 }) {
                await waitForJobsOrStop()
            }
        }
    }

    /// Waits for the queue's wake-up, the poll interval, or the start of shutdown.
    private func waitForJobsOrStop() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.queue.waitForJobs(timeout: self.pollInterval) }
            group.addTask {
                while !self.stopping.withLock({ $0 }), !Task.isCancelled { await self.slotFreed.wait() }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Runs one claimed job under its lease and records how it ended.
    private func execute(_ job: Job) async {
        guard let lease = job.lease, let handler = handlers.withLock({ $0[job.kind] }) else { return }
        let outcome = await runRenewing(job, lease: lease, handler: handler)
        // Recorded outside the (possibly cancelled) task, so stopping still writes it.
        await Task { [queue, retry, logger] in
            do {
                switch outcome {
                case .succeeded:
                    try await queue.complete(lease)
                case .failed(let error):
                    let failure = error as? JobFailure
                    let state = try await queue.fail(
                        lease, error: failure?.message ?? String(describing: error),
                        permanent: failure?.isPermanent ?? false, retry: retry
                    )
                    logger.warning(
                        "Job failed",
                        metadata: ["job": "\(job.id)", "kind": "\(job.kind)", "error": "\(error)",
                                   "state": "\(state?.rawValue ?? "lost")"]
                    )
                case .stopped:
                    try await queue.release(lease)
                case .leaseLost:
                    logger.warning("Lost the lease of a running job", metadata: ["job": "\(job.id)"])
                }
            } catch {
                logger.error("Could not record a job's end", metadata: ["job": "\(job.id)", "error": "\(error)"])
            }
        }.value
    }

    private enum Outcome: Sendable {
        case succeeded
        case failed(any Error)
        case stopped
        case leaseLost
    }

    private struct LeaseLost: Error {}

    /// Runs the handler while renewing the lease every third of its length.
    private func runRenewing(_ job: Job, lease jobLease: JobLease, handler: @escaping JobHandler) async -> Outcome {
        await withTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                do {
                    try await handler(job)
                    return .succeeded
                } catch {
                    return Task.isCancelled ? nil : .failed(error)
                }
            }
            group.addTask { [queue, lease] in
                while true {
                    do { try await Task.sleep(for: lease / 3) } catch { return nil }
                    do {
                        if try await !queue.renew(jobLease, for: lease) { return .leaseLost }
                    } catch {
                        if Task.isCancelled { return nil }
                        // A failed renewal is retried at the next third; the lease may still hold.
                    }
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            // Nil: the handler was cancelled (the server is stopping past its grace).
            return first ?? .stopped
        }
    }
}
