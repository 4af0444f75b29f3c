import Synchronization

/// A number no other object of the process gets: what a message carries to say which object
/// sent it (``LineFeed``'s batches, ``LatestJob``'s results). A reference would keep the sender
/// alive (the sender holds the mailbox, which holds the messages not yet taken: a cycle), and
/// a weak one costs a side table that LeakSanitizer cannot trace; an address could be reused.
struct InstanceNumber: Hashable, Sendable {
    private static let last = Atomic<UInt64>(0)
    private let value: UInt64

    /// The next number (thread-safe).
    init() {
        value = Self.last.add(1, ordering: .relaxed).newValue
    }
}
