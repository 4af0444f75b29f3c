import Dispatch

/// A ``FilterIndex`` searched off the caller's thread: each new query cancels the search in
/// flight, and a result arrives only for the query still wanted.
///
/// For a program on the runtime: items arrive (``append(_:fields:)``) from any thread, each
/// keystroke calls ``search(_:completion:)``, and the completion (on a background thread)
/// keeps the result and calls `program.waker.wake()`; the app shows it in `tick(in:)`.
///
/// ```swift
/// let search = FilterSearch<Int>()
/// search.append(1, fields: ["first line"])
/// search.search("line") { matches in store(matches); program.waker.wake() }
/// ```
///
/// Narrowing is automatic: the last delivered result is the starting point of the next search
/// when the new query extends it (see ``FilterIndex/matches(_:narrowing:cancellation:)-(String,_,_)``).
public final class FilterSearch<ID: Hashable & Sendable>: Sendable {
    private struct State: Sendable {
        var index = FilterIndex<ID>()
        var last: FilterMatches?
        var inFlight: FilterCancellation?
        var generation = 0
    }
    private let state = LockedValue(State())
    /// Held while a completion runs (see ``search(_:completion:)``).
    private let delivery = LockedValue(())
    private let queue = DispatchQueue(label: "TUIList.FilterSearch", qos: .userInitiated, attributes: .concurrent)

    /// An empty index.
    public init() {}

    /// Starts from an index built elsewhere.
    public init(index: FilterIndex<ID>) { state.withLock { $0.index = index } }

    /// Adds an item (see ``FilterIndex/append(_:fields:)``). Thread-safe; O(text) under a lock.
    public func append(_ id: ID, fields: some Collection<String> & Sendable) {
        state.withLock { $0.index.append(id, fields: fields) }
    }

    /// A copy of the index as it is now (a value: later appends do not change it). O(1).
    public var index: FilterIndex<ID> { state.withLock { $0.index } }

    /// Searches for `query` in the background; cancels the search in flight, if any.
    ///
    /// - Parameters:
    ///   - query: the text to find (see ``FilterIndex/matches(_:narrowing:cancellation:)-(String,_,_)``).
    ///   - completion: called once, on a background thread, with the matches — unless another
    ///     search is started first (then never). Completions run one at a time, so the newest
    ///     query's result is always the last delivered, even after a slow completion.
    public func search(_ query: String, completion: @escaping @Sendable (FilterMatches) -> Void) {
        let cancellation = FilterCancellation()
        let (index, last, generation) = state.withLock { state -> (FilterIndex<ID>, FilterMatches?, Int) in
            state.inFlight?.cancel()
            state.inFlight = cancellation
            state.generation += 1
            return (state.index, state.last, state.generation)
        }
        queue.async { [self] in
            guard let matches = index.matches(query, narrowing: last, cancellation: cancellation) else { return }
            // One delivery at a time, each checked against the newest query as it starts: a
            // superseded result is dropped, and one already being delivered finishes before the
            // next begins, so the newest query's result is always the last to arrive.
            self.delivery.withLock { _ in
                let current = self.state.withLock { state -> Bool in
                    guard state.generation == generation else { return false }
                    state.last = matches
                    state.inFlight = nil
                    return true
                }
                if current { completion(matches) }
            }
        }
    }

    /// Searches on the caller's thread, narrowing from the last result and keeping this one.
    public func searchNow(_ query: String) -> FilterMatches {
        let (index, last) = state.withLock { ($0.index, $0.last) }
        let matches = index.matches(query, narrowing: last)!
        state.withLock { $0.last = matches }
        return matches
    }
}
