import Synchronization

/// A flag that tells a search in flight to stop: set it from any thread, and the search
/// returns `nil` at its next check (every few thousand items).
///
/// ```swift
/// let cancel = FilterCancellation()
/// search.start(                                   // a LatestJob: the next start cancels it
///     cancel: { cancel.cancel() },
///     work: { index.matches(query, cancellation: cancel) })   // nil once cancelled
/// ```
public final class FilterCancellation: Sendable {
    /// Atomic: it is set on the program's thread and read by the search's threads, at every
    /// chunk, where a lock would cost more than the check.
    private let flag = Atomic<Bool>(false)

    /// A flag not yet set.
    public init() {}

    /// Asks the search to stop. Idempotent.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
