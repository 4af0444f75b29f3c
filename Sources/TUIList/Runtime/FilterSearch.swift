/// A ``FilterIndex`` searched off the program's thread for the query typed last, on the
/// runtime's one road: each ``search(_:)`` is a ``LatestJob`` (it cancels the search in flight),
/// and its matches come back as a message through the program's ``ProgramMailbox``, which the
/// app hands to ``accept(_:)`` in `receive` — nil for a superseded search's result, so the
/// matches an app shows are always the newest query's.
///
/// ```swift
/// let search = FilterSearch<Int>(mailbox: program.mailbox)   // in start(in:)
/// search.append(1, fields: ["first line"])                   // from any thread
/// search.search("line")                                      // each change of the query
/// // receive(_:in:):
/// if let matches = search.accept(message) { show(matches) }
/// ```
///
/// Narrowing is automatic: the last accepted result is the starting point of the next search
/// when the new query extends it (see ``FilterIndex/matches(_:narrowing:cancellation:)-(String,_,_)``).
///
/// Tests run the searches on their own thread with the mailbox's
/// ``ProgramMailbox/WorkScheduling/onDemand`` scheduling (``ProgramMailbox/runPendingWork()``).
public final class FilterSearch<ID: Hashable & Sendable>: Sendable {
    private struct State: Sendable {
        var index = FilterIndex<ID>()
        /// The last result accepted (or searched now), to narrow the next search from.
        var last: FilterMatches?
    }
    private let state = LockedValue(State())
    private let job: LatestJob

    /// A search over `index` whose searches run on `mailbox`'s threads and post their results there.
    /// - Parameters:
    ///   - index: The items to start from (default: none).
    ///   - mailbox: The mailbox of the program whose app accepts the results.
    public init(index: FilterIndex<ID> = FilterIndex(), mailbox: ProgramMailbox) {
        job = LatestJob(mailbox: mailbox)
        state.withLock { $0.index = index }
    }

    /// Adds an item (see ``FilterIndex/append(_:fields:)``); the searches started from now on
    /// see it. Safe from any thread.
    /// - Complexity: O(text) under a lock.
    public func append(_ id: ID, fields: some Collection<String> & Sendable) {
        state.withLock { $0.index.append(id, fields: fields) }
    }

    /// A copy of the index as it is now (a value: later appends do not change it). O(1).
    public var index: FilterIndex<ID> { state.withLock { $0.index } }

    /// Whether the newest search has not delivered its result yet (nor was cancelled).
    public var isSearching: Bool { job.isRunning }

    /// Searches for `query` off the program's thread, cancelling the search in flight (its
    /// result, if it still comes, is not accepted). Call it on the program's thread.
    /// - Parameter query: The text to find (see ``FilterIndex/matches(_:narrowing:cancellation:)-(String,_,_)``).
    /// - Complexity: Returns at once; the search costs O(text of the items searched) on the
    ///   mailbox's thread (split over the cores for a large index).
    public func search(_ query: String) {
        let cancellation = FilterCancellation()
        let (index, last) = state.withLock { ($0.index, $0.last) }
        job.start(
            cancel: { cancellation.cancel() },
            work: { index.matches(query, narrowing: last, cancellation: cancellation) })
    }

    /// The matches `message` brings, if it is the newest search's (they become the start of
    /// the next narrowing); nil for a superseded search's result or any other message.
    /// - Parameter message: A message the app received.
    public func accept(_ message: any Sendable) -> FilterMatches? {
        guard let matches = job.accept(message) as? FilterMatches else { return nil }
        state.withLock { $0.last = matches }
        return matches
    }

    /// Cancels the search in flight, if any: its result is not accepted.
    public func cancel() { job.cancel() }

    /// Searches on the caller's thread, narrowing from the last result and keeping this one;
    /// the search in flight, if any, is cancelled (this result is the newer).
    /// - Parameter query: The text to find.
    /// - Returns: The matches, in the order the items were added.
    package func searchNow(_ query: String) -> FilterMatches {
        job.cancel()
        let (index, last) = state.withLock { ($0.index, $0.last) }
        let matches = index.matches(query, narrowing: last)!
        state.withLock { $0.last = matches }
        return matches
    }
}
