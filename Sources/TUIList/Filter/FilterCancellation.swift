import Synchronization

/// A flag that tells a search in flight to stop: set it from any thread, and the search
/// returns `nil` at its next check (every few thousand items).
///
/// ```swift
/// let cancel = FilterCancellation()
/// DispatchQueue.global().async { let m = index.matches("abc", cancellation: cancel) }
/// cancel.cancel()   // the query changed: the old search gives up
/// ```
public final class FilterCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A flag not yet set.
    public init() {}

    /// Asks the search to stop. Idempotent.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
