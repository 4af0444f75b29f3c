import Foundation

// Async jobs for the mailbox: a handle that cancels a job whether it has begun or is still
// queued, and the executor that runs a job on the thread that asks for it (on-demand tests).

/// A started `async` job of a ``ProgramMailbox``: cancelling it cancels its task, at once if it
/// runs, or as it starts if it is still queued (``ProgramMailbox/WorkScheduling/onDemand``).
final class AsyncJobHandle: Sendable {
    private let state = LockedValue<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    /// Cancels the job's task (cooperatively: `Task.isCancelled`, `CancellationError`).
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Records the job's task; cancels it now if the job was cancelled before it started.
    func started(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }
}

/// Runs an `async` job on the calling thread, to its end: the job's task prefers this executor,
/// so each piece of it (up to and after every `await`) is queued here, and ``run(_:body:)``
/// runs them in order on the thread that called it until the job returns. Pieces that resume
/// from elsewhere (a timer, another thread's continuation) come back to this thread too. What
/// ``ProgramMailbox/runPendingWork()`` does with an `async` job, so a test runs it as it runs a
/// synchronous one: no thread of the pool blocked, no real time.
final class CallerThreadExecutor: TaskExecutor {
    private let state = LockedValue<(jobs: [UnownedJob], finished: Bool)>(([], false))

    /// Takes a piece of the job to run on the calling thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
    }

    /// Runs `body` on the calling thread until it returns, recording its task in `handle`.
    static func run(_ handle: AsyncJobHandle, body: @escaping @Sendable () async -> Void) {
        let executor = CallerThreadExecutor()
        let task = Task(executorPreference: executor) {
            await body()
            executor.state.withLock { $0.finished = true }
        }
        handle.started(task)
        while true {
            let (jobs, finished) = executor.state.withLock(
                when: { !$0.jobs.isEmpty || $0.finished },
                { state in
                    defer { state.jobs = [] }
                    return (state.jobs, state.finished)
                })
            if jobs.isEmpty, finished { return }
            for job in jobs { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
        }
    }
}
