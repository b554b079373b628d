import NIOCore
import NIOPosix

/// The thread the PostgreSQL store's query connections and its writer's batches run on, apart
/// from the event loops that serve HTTP.
///
/// A batch holds the events lock from its lookup to its commit, and between its statements it
/// waits on dwall: for the lookup's rows to be read, the plan made and the write sent. On the
/// shared event loops each of those steps queued behind the HTTP work of every connection (at 64
/// connections, the answers of the batch before and the next requests), and every other batch
/// waited for the lock meanwhile. On a thread of its own a batch's steps run as soon as its
/// rows arrive; the operating system shares the cores between it and the HTTP loops.
enum PostgresWriterThread {
    /// The one-thread event loop group of the query pools (process-wide, like NIO's singletons).
    static let group: MultiThreadedEventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// Runs the tasks that prefer it on that thread.
    static let executor = EventLoopTaskExecutor(group.next())
}

/// A task executor that runs its jobs on one NIO event loop.
final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    let loop: any EventLoop

    /// Makes an executor for `loop`.
    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    /// Runs `job` on the loop, after what the loop has queued already.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
