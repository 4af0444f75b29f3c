import Foundation
import Testing

@testable import TUIList

/// `async` work through the mailbox: on demand it runs to its end on the test's thread, every
/// `await` included; a newer `LatestJob` start cancels the stale task and drops its result.
@Suite struct AsyncJobTests {
    /// A value the async work awaits, as a fetch awaits the network.
    private static func fetch(_ page: Int) async -> [String] {
        await Task.yield()
        async let first = label(page, 1)
        async let second = label(page, 2)
        return await [first, second]
    }

    private static func label(_ page: Int, _ line: Int) async -> String {
        await Task.yield()
        return "page \(page) line \(line)"
    }

    /// Fails if `runPendingWork` returns before the async job has posted (a job started on the
    /// pool instead of run here), or if a piece of the job runs on another thread.
    @Test func onDemandAnAsyncJobRunsToItsEndOnTheCallersThread() {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        mailbox.scheduling = .onDemand
        let caller = pthread_self()
        let threads = LockedValue([Bool]())
        mailbox.perform {
            threads.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
            let lines = await Self.fetch(1)
            threads.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
            try? await Task.sleep(for: .milliseconds(5))  // resumed by a timer: back on this thread
            threads.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
            return lines
        }
        #expect(mailbox.count == 0, "queued, not run")
        #expect(mailbox.runPendingWork() == 1)
        #expect(mailbox.takeAll().compactMap { $0 as? [String] } == [["page 1 line 1", "page 1 line 2"]])
        #expect(threads.withLock { $0 } == [true, true, true])
    }

    /// Waits, yielding the test's thread to the pool, until `ready` holds or about 30 s pass.
    private static func eventually(_ ready: () -> Bool) async -> Bool {
        for _ in 0 ..< 30_000 {
            if ready() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return ready()
    }

    /// On threads (the default) the job runs as a task of the pool and posts its result.
    @Test func onThreadsAnAsyncJobPostsItsResult() async {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        mailbox.perform { await Self.fetch(2) }
        var posted: [[String]] = []
        #expect(
            await Self.eventually {
                posted += mailbox.takeAll().compactMap { $0 as? [String] }
                return !posted.isEmpty
            })
        #expect(posted == [["page 2 line 1", "page 2 line 2"]])
    }

    /// A newer start cancels the stale async job: its `try await` throws CancellationError and
    /// its result is dropped. On demand the stale job, cancelled before it ran, sees it at once
    /// (its sleep ends at once). Fails if `start(work:)` does not cancel the task before it.
    @Test func aNewerStartCancelsTheStaleAsyncTask() {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        mailbox.scheduling = .onDemand
        let search = LatestJob(mailbox: mailbox)
        let seen = LockedValue([String]())
        search.start {
            do {
                try await Task.sleep(for: .milliseconds(200))
                seen.withLock { $0.append("first slept") }
                return "first"
            } catch {
                seen.withLock { $0.append("first: \(error is CancellationError ? "cancelled" : "\(error)")") }
                return "first, cancelled"
            }
        }
        search.start { await Self.fetch(3).joined(separator: ", ") }
        #expect(search.isRunning)
        #expect(mailbox.runPendingWork() == 2)
        let accepted = mailbox.takeAll().compactMap { search.accept($0) as? String }
        #expect(accepted == ["page 3 line 1, page 3 line 2"], "the stale job's result is dropped")
        #expect(seen.withLock { $0 } == ["first: cancelled"])
        #expect(!search.isRunning)
    }

    /// On threads, a job waiting on a long sleep wakes as soon as `cancel()` is called. Fails
    /// (the wait gives up) if cancelling does not reach the task.
    @Test func onThreadsCancellingReachesTheRunningTask() async {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let search = LatestJob(mailbox: mailbox)
        let outcome = LockedValue("")
        search.start {
            outcome.withLock { $0 = "started" }
            do {
                try await Task.sleep(for: .seconds(3600))
                outcome.withLock { $0 = "slept" }
            } catch {
                outcome.withLock { $0 = error is CancellationError ? "cancelled" : "\(error)" }
            }
            return nil
        }
        #expect(await Self.eventually { outcome.withLock { $0 } == "started" })
        search.cancel()
        #expect(await Self.eventually { outcome.withLock { $0 } != "started" })
        #expect(outcome.withLock { $0 } == "cancelled")
    }
}
