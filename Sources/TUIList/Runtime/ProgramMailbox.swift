import Foundation

/// Takes messages from background work, on any thread, into a ``Program``'s loop: ``post(_:)``
/// queues a value and wakes the program, which hands every queued message to its app in the
/// next batch, after the input that came with it (``TerminalApp/update(_:in:)``). bubbletea's
/// `Cmd` → `Msg`, without a lock of the app's own.
///
/// ```swift
/// let mailbox = program.mailbox                 // Sendable: capture it, not the program
/// mailbox.perform {                             // on a thread of its own
///     Loaded(items: readItems())                // arrives as .message(Loaded)
/// }
/// ```
///
/// Messages from one thread arrive in the order they were posted, each exactly once; messages
/// from different threads interleave in the order their posts took the lock. Posting is cheap
/// (a lock, an append, and a pipe write only when no wake is pending), but each message is one
/// entry in the app's batch: long work reports progress through a ``ProgressReporter``, which
/// posts only when the shown figure changes.
///
/// `async` work goes to the same place: `perform { await … }` runs it as a task and posts what
/// it returns.
///
/// Tests run the work deterministically: with ``scheduling`` at ``WorkScheduling/onDemand``,
/// `perform` only queues the work, and ``runPendingWork()`` runs it on the test's thread (an
/// `async` job to its end, every `await` included) and posts its results, which the program hands to the app in its next batch — no thread, no
/// real time, no reaching into the queue:
///
/// ```swift
/// program.mailbox.scheduling = .onDemand
/// program.start(app)                         // the app asks for its load: queued
/// program.step(app)                          // the loading frame
/// program.mailbox.runPendingWork()           // the load runs now, its result is posted
/// program.step(app)                          // the app receives it
/// ```
public final class ProgramMailbox: Sendable {
    /// How ``perform(_:)-1sggm`` runs its work.
    public enum WorkScheduling: Hashable, Sendable {
        /// On a thread of its own, at once (the default).
        case threads
        /// Queued until ``runPendingWork()`` runs it, on the caller's thread (for tests).
        case onDemand
    }

    private let queue = LockedValue<[any Sendable]>([])
    private let waker: ProgramWaker
    /// The scheduling, and the work queued on demand.
    private let work = LockedValue<(scheduling: WorkScheduling, pending: [@Sendable () -> Void])>((.threads, []))

    /// How ``perform(_:)-1sggm`` runs its work; change it before work is started.
    public var scheduling: WorkScheduling {
        get { work.withLock { $0.scheduling } }
        set { work.withLock { $0.scheduling = newValue } }
    }

    /// The number of jobs queued by ``perform(_:)-1sggm`` under ``WorkScheduling/onDemand``.
    var pendingWorkCount: Int { work.withLock { $0.pending.count } }

    /// Runs every queued job (and those they queue), oldest first, on the caller's thread; each
    /// posts its result as it ends. An `async` job runs to its end here: the pieces between its
    /// `await`s run on this thread, and the call returns when the job has returned.
    /// - Returns: How many jobs ran.
    @discardableResult
    public func runPendingWork() -> Int {
        var ran = 0
        while true {
            let jobs = work.withLock { state in
                var taken: [@Sendable () -> Void] = []
                swap(&taken, &state.pending)
                return taken
            }
            guard !jobs.isEmpty else { return ran }
            for job in jobs { job() }
            ran += jobs.count
        }
    }

    /// Runs `job` as ``scheduling`` says.
    private func schedule(_ job: @escaping @Sendable () -> Void) {
        let queued = work.withLock { state in
            guard state.scheduling == .onDemand else { return false }
            state.pending.append(job)
            return true
        }
        // A thread per job, not a pool: jobs block (a preview command, a file read) for as
        // long as they take, and a pool of the cores' size would let a few of them stall the
        // rest. There are few at a time: a LatestJob tells its stale job to stop.
        if !queued { Thread.detachNewThread(job) }
    }

    /// A mailbox that wakes `waker` when a message comes.
    /// - Parameter waker: The waker of the program that reads the mailbox.
    package init(waker: ProgramWaker) {
        self.waker = waker
    }

    /// Queues `message` for the app and wakes the program. Safe from any thread.
    /// - Parameter message: The value to hand to the app.
    /// - Complexity: amortized O(1), plus one pipe write when no wake was pending.
    public func post(_ message: any Sendable) {
        queue.withLock { $0.append(message) }
        waker.wake()
    }

    /// Queues several messages at once, in order, with one wake.
    /// - Parameter messages: The values to hand to the app.
    /// - Complexity: amortized O(*m*) for *m* messages.
    func post(contentsOf messages: [any Sendable]) {
        guard !messages.isEmpty else { return }
        queue.withLock { $0.append(contentsOf: messages) }
        waker.wake()
    }

    /// Takes every queued message, oldest first. The program calls it once per turn; a test
    /// that drives an app without a program can call it too.
    /// - Returns: The messages, possibly none.
    /// - Complexity: O(1) (the queue is swapped out, not copied).
    package func takeAll() -> [any Sendable] {
        queue.withLock { queue in
            var taken: [any Sendable] = []
            swap(&taken, &queue)
            return taken
        }
    }

    /// The number of messages waiting.
    package var count: Int { queue.withLock { $0.count } }

    /// Runs `work` on a thread of its own (or when ``runPendingWork()`` is called, see
    /// ``scheduling``) and posts what it returns (a `Cmd` that ends in one
    /// `Msg`). Return a value of a type of the app's own, so `update` can tell it apart.
    /// - Parameter work: The slow work: loading a file, running a command, filtering.
    public func perform(_ work: @escaping @Sendable () -> any Sendable) {
        schedule { [self] in
            post(work())
        }
    }

    /// Runs `async` work as a task of its own (or, under ``WorkScheduling/onDemand``, on the
    /// thread that calls ``runPendingWork()``, to its end) and posts what it returns: Swift
    /// code that fetches (URLSession, AsyncHTTPClient, swift-subprocess) hands its `await`s
    /// here as they are.
    ///
    /// ```swift
    /// program.mailbox.perform {
    ///     do { return Headlines(try await feed.fetch(page: 1)) }
    ///     catch { return FetchFailed(error: "\(error)") }
    /// }
    /// ```
    ///
    /// The task is detached: it runs on the concurrency pool, not the program's thread, and
    /// shares nothing with the app but what it captures (`Sendable`). To drop a job's result
    /// when a newer one supersedes it, and cancel its task, start it through
    /// ``LatestJob/start(work:)`` instead.
    /// - Parameter work: The slow work; its result comes to the app as a message.
    public func perform(_ work: @escaping @Sendable () async -> any Sendable) {
        perform(AsyncJobHandle()) { await work() }
    }

    /// Runs `work` as `perform(_:)` runs an `async` job, posting its result unless it
    /// is nil; `handle` cancels it.
    func perform(_ handle: AsyncJobHandle, _ work: @escaping @Sendable () async -> (any Sendable)?) {
        let body: @Sendable () async -> Void = { [self] in
            if let result = await work() { post(result) }
        }
        let queued = self.work.withLock { state in
            guard state.scheduling == .onDemand else { return false }
            state.pending.append { CallerThreadExecutor.run(handle, body: body) }
            return true
        }
        if !queued { handle.started(Task.detached(operation: body)) }
    }

    /// Runs `work` on a thread of its own with a ``ProgressReporter`` for its progress (`total`
    /// steps, posted under `task`), then posts what it returns.
    /// - Parameters:
    ///   - task: The name progress reports carry (``ProgressReport/task``).
    ///   - total: How many steps the work has, if known.
    ///   - work: The slow work; it calls `reporter.advance(to:)` as it goes.
    public func perform(
        task: String, total: Int?, _ work: @escaping @Sendable (_ reporter: ProgressReporter) -> any Sendable
    ) {
        let reporter = ProgressReporter(task: task, total: total, mailbox: self)
        schedule { [self] in
            post(work(reporter))
        }
    }
}
