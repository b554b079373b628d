import Foundation
import NIOCore
import Testing
@testable import WallStore

/// The PostgreSQL store's writer thread runs the tasks that prefer it until it closes; closed, its
/// thread has ended and those tasks still run to their end, elsewhere.
@Suite("PostgreSQL writer thread")
struct PostgresWriterThreadTests {
    @Test("A task that prefers the thread runs on it; one that resumes after the thread closed finishes elsewhere, and the thread has ended")
    func tasksOutliveTheThread() async throws {
        let thread = PostgresWriterThread()
        let (resumed, resume) = AsyncStream<Void>.makeStream()
        let (isParked, parked) = AsyncStream<Void>.makeStream()
        let task = Task {
            await withTaskExecutorPreference(thread) { () async -> (before: Bool, thread: String, after: Bool) in
                let before = thread.loop.inEventLoop
                let ownThread = Self.currentThread()
                parked.yield()
                for await _ in resumed { break }
                return (before, ownThread, thread.loop.inEventLoop)
            }
        }
        for await _ in isParked { break }
        await thread.close()
        resume.yield()
        let ran = await task.value

        #expect(ran.before, "before closing, the task ran on the thread's loop")
        #expect(!ran.after, "after closing, it ran elsewhere")
        #expect(ran.thread != Self.currentThread(), "the thread is not the test's own")
        #expect(!FileManager.default.fileExists(atPath: ran.thread), "the thread has ended")
    }

    /// The calling thread's folder in `/proc` (`/proc/<pid>/task/<tid>`), there while it runs.
    private static func currentThread() -> String {
        "/proc/" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "?")
    }
}
