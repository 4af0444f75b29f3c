import TUIList

/// The snapshot of every line in input order, built off the program's thread: appending a
/// million identifiers to a snapshot is mostly hashing, which runs as a ``LatestJob`` on the
/// mailbox's threads beside the reader instead of on the program's thread. The builder's
/// snapshot is behind a lock, so builds run one at a time, each up to the most lines asked
/// for so far: the snapshots built only grow, and a build's work is kept for the next even when
/// its snapshot is dropped for a newer one's. (`@unchecked`: ``isStarted`` and ``requested``
/// are the program thread's; the builds touch only ``state``.)
final class AllLinesBuilder: @unchecked Sendable {
    /// The lines listed, and the most lines a build was asked for.
    private let state = LockedValue((snapshot: Snapshot<Int, Int>(sections: [(0, [])]), count: 0))
    /// Whether the program's thread handed over.
    private(set) var isStarted = false
    /// The lines read, as the program's thread last said (it never waits for a build's lock).
    private var requested = 0

    /// Starts from `snapshot` (what the program's thread built so far), once.
    func start(from snapshot: Snapshot<Int, Int>?) {
        guard !isStarted else { return }
        isStarted = true
        if let snapshot { state.withLock { $0.snapshot = snapshot } }
    }

    /// Counts lines up to `count`; then, given a job, lists them as its newest job, whose
    /// result is the snapshot as `message`.
    func extend<Message: Sendable>(
        to count: Int, deliverOn job: LatestJob?, as message: @escaping @Sendable (Snapshot<Int, Int>) -> Message
    ) {
        requested = max(requested, count)
        guard let job else { return }
        let count = requested
        job.start { [state] in
            state.withLock { state in
                state.count = max(state.count, count)
                // Listed in one go when a third or more are new (a fast producer), else
                // appended: a new snapshot of a range hashes each line without checking it
                // against the others, over twice as fast a line as an append (1,000,000 lines:
                // 45 ms, where appending the last 800,000 to 200,000 took 150 ms).
                let have = state.snapshot.numberOfItems
                if 2 * state.count >= 3 * have {
                    state.snapshot = Snapshot(section: 0, itemsIn: 0 ..< state.count)
                } else if state.count > have {
                    state.snapshot.appendItems(Array(have ..< state.count), toSection: 0)
                }
                return message(state.snapshot)
            }
        }
    }
}
