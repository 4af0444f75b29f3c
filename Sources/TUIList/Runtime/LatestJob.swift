/// Background work of one kind where only the latest result counts (a search for the query
/// typed last, the snapshot of the lines read so far): ``start(cancel:work:)`` runs a job off the
/// program's thread (``ProgramMailbox/perform(_:)-1sggm``) and cancels the one before it; the result
/// comes back as a message, which the app hands to ``accept(_:)`` in `receive` — nil for a
/// stale job's result (it is dropped) or another message.
///
/// ```swift
/// let search = LatestJob(mailbox: program.mailbox)
/// let cancellation = FilterCancellation()
/// search.start(cancel: { cancellation.cancel() }, work: { index.matches(query, cancellation: cancellation) })
/// // receive(_:in:):
/// if let found = search.accept(message) as? FilterMatches { … }
/// ```
///
/// Start, cancel and accept on the program's thread; the jobs run on the mailbox's threads (or
/// when ``ProgramMailbox/runPendingWork()`` runs them, under ``ProgramMailbox/WorkScheduling/onDemand``).
public final class LatestJob: Sendable {
    /// A job's result, posted to the mailbox.
    public struct Result: Sendable {
        /// The helper's number, not the helper (see `InstanceNumber`).
        fileprivate let job: InstanceNumber
        fileprivate let generation: Int
        fileprivate let value: (any Sendable)?
    }

    private struct State: Sendable {
        /// The number of the newest job started.
        var generation = 0
        /// Whether the newest job has not delivered yet.
        var running = false
        /// Stops the newest job, if it can be stopped.
        var cancel: (@Sendable () -> Void)?
    }

    private let state = LockedValue(State())
    private let mailbox: ProgramMailbox
    /// What its results carry to say they are this helper's.
    private let number = InstanceNumber()

    /// A helper with no job started.
    /// - Parameter mailbox: Where the jobs run and their results go.
    public init(mailbox: ProgramMailbox) {
        self.mailbox = mailbox
    }

    /// Whether the newest job started has not delivered its result yet (nor was cancelled).
    public var isRunning: Bool { state.withLock { $0.running } }

    /// Starts `work` off the program's thread, cancelling the job before it (its `cancel` is
    /// called, and its result is dropped).
    /// - Parameters:
    ///   - cancel: Asks `work` to stop early (it may then return nil); nil if it cannot stop.
    ///   - work: The job; what it returns comes back to ``accept(_:)`` unless a newer job
    ///     started meanwhile; nil delivers nothing (a job that saw it was cancelled).
    public func start(cancel: (@Sendable () -> Void)? = nil, work: @escaping @Sendable () -> (any Sendable)?) {
        let (generation, stale) = state.withLock { state in
            state.generation += 1
            state.running = true
            defer { state.cancel = cancel }
            return (state.generation, state.cancel)
        }
        stale?()
        mailbox.perform { [number] in Result(job: number, generation: generation, value: work()) }
    }

    /// Starts `async` work as a task (``ProgramMailbox/perform(_:)-7i43r``), cancelling the job
    /// before it: a stale `async` job's task is cancelled (`Task.isCancelled`, and `try await`
    /// calls that check it throw `CancellationError`), and its result is dropped.
    ///
    /// ```swift
    /// search.start { try? await catalog.search(query) }   // a newer start cancels this task
    /// ```
    /// - Parameter work: The job; what it returns comes back to ``accept(_:)`` unless a newer
    ///   job started meanwhile; nil delivers nothing.
    public func start(work: @escaping @Sendable () async -> (any Sendable)?) {
        let handle = AsyncJobHandle()
        let (generation, stale) = state.withLock { state in
            state.generation += 1
            state.running = true
            defer { state.cancel = { handle.cancel() } }
            return (state.generation, state.cancel)
        }
        stale?()
        mailbox.perform(handle) { [number] in Result(job: number, generation: generation, value: await work()) }
    }

    /// Cancels the job in flight, if any: its result is dropped.
    public func cancel() {
        let stale = state.withLock { state in
            state.generation += 1
            state.running = false
            defer { state.cancel = nil }
            return state.cancel
        }
        stale?()
    }

    /// The result `message` brings, if it is the newest job's of this helper (which then is no
    /// longer running, even when it returned nil); nil for a stale result or any other message.
    /// - Parameter message: A message the app received.
    public func accept(_ message: any Sendable) -> (any Sendable)? {
        guard let result = message as? Result, result.job == number else { return nil }
        let current = state.withLock { state in
            guard state.generation == result.generation else { return false }
            state.running = false
            state.cancel = nil
            return true
        }
        return current ? result.value : nil
    }
}
