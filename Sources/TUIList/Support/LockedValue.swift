import Foundation

/// A value that threads share, behind a lock: the one lock of the package. With the threads
/// that block on a read (the input reader's, a ``LineFeed``'s, the mailbox's jobs), `Atomic`
/// flags and the parallel search's ``ParallelWork``, it is one of the four thread primitives
/// TUIList uses; anything else that crosses threads is built on it (``ProgramMailbox``,
/// ``LatestJob``, ``LineFeed``).
///
/// A thread can also wait for another to change the value
/// (``withLock(when:_:)``): every ``withLock(_:)`` wakes the waiters, which check their
/// condition again. Waking costs nothing when nobody waits.
///
/// Why not `Synchronization.Mutex`: on Linux, `Mutex` takes a contended lock through
/// priority-inheritance futex system calls that ThreadSanitizer does not see, so TSan reports
/// the accesses it guards as races (seen with ``ProgramMailbox`` under four posting threads).
/// `NSCondition` is a `pthread_mutex_t` with a `pthread_cond_t`, which TSan understands, so
/// `swift test --sanitize=thread` can judge the code that uses this type. `package`: the demo
/// and the tool cross threads with it too.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, then wakes any thread waiting in
    /// ``withLock(when:_:)``.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready` holds for the value (checked under the lock, again after every change
    /// another thread makes), then runs `body` with the lock still held.
    package func withLock<Result>(
        when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while !ready(value) { condition.wait() }
        return try body(&value)
    }
}
