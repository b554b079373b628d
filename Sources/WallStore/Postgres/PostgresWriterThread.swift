import Dispatch
import NIOCore
import NIOPosix
import WallCore

/// One store's thread for its query connections and its writer's batches, apart from the event
/// loops that serve HTTP.
///
/// A batch holds the events lock from its lookup to its commit, and between its statements it
/// waits on dwall: for the lookup's rows to be read, the plan made and the write sent. On the
/// shared event loops each of those steps queued behind the HTTP work of every connection (at 64
/// connections, the answers of the batch before and the next requests), and every other batch
/// waited for the lock meanwhile. On a thread of its own a batch's steps run as soon as its rows
/// arrive; the operating system shares the cores between it and the HTTP loops.
///
/// It is a `TaskExecutor` for the batches. The store closes it once its pools have stopped; a
/// task that still prefers it afterwards (a batch ending as the store stops) runs on Dispatch's
/// global queue instead, so nothing is ever scheduled on a loop that has shut down.
final class PostgresWriterThread: TaskExecutor, Sendable {
    /// The one-thread event loop group the query pool's connections run on.
    let group: MultiThreadedEventLoopGroup
    /// The group's one loop, where preferring tasks run.
    let loop: any EventLoop
    private let open = Locked(true)

    /// Starts the thread.
    init() {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        loop = group.next()
    }

    /// Runs `job` on the loop, after what the loop has queued already; on Dispatch's global queue
    /// once the thread is closed.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let queued = open.withLock { open in
            // Under the lock: `close()` can't begin the loop's shutdown between this check and
            // the job's queueing, and a loop runs every job queued before it stops.
            if open { loop.execute { job.runSynchronously(on: executor) } }
            return open
        }
        if !queued {
            DispatchQueue.global().async { job.runSynchronously(on: executor) }
        }
    }

    /// Stops the thread, once the jobs queued on it have run; later jobs run elsewhere. Call it
    /// after the connections on `group` have closed.
    func close() async {
        let wasOpen = open.withLock { open in
            defer { open = false }
            return open
        }
        guard wasOpen else { return }
        try? await group.shutdownGracefully()
    }

    deinit {
        // A store dropped without having run (or whose stop overran its grace) still ends its
        // thread; the group's own shutdown waits on Dispatch, never on this thread.
        if open.withLock({ $0 }) { group.shutdownGracefully(queue: .global()) { _ in } }
    }
}
