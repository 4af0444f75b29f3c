import Foundation

/// A value that threads share, behind a lock: the one way the runtime crosses threads, shaped
/// like `Synchronization.Mutex` (`withLock`) so it can become one.
///
/// Why not `Mutex` itself: on Linux, `Mutex` takes a contended lock through priority-inheritance
/// futex system calls that ThreadSanitizer does not see, so TSan reports the accesses it guards
/// as races (seen with ``ProgramMailbox`` under four posting threads). `NSLock` is a
/// `pthread_mutex_t`, which TSan understands, so `swift test --sanitize=thread` can judge the
/// code that uses this type. `package`: the demo and the tool cross threads with it too.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
