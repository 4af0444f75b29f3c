import Dispatch

/// Runs the parts of one piece of work on every core at once and returns when all have
/// ended: the road to the cores of the filter's parallel search and of `pick --filter`'s line
/// preparation. With ``LockedValue``, `Atomic` flags and the threads that block on a read (the
/// input reader's, a ``LineFeed``'s, the mailbox's jobs), it is one of the four thread
/// primitives of the package.
///
/// Why `DispatchQueue.concurrentPerform`: it spreads the parts over a pool sized to the cores,
/// starting no thread per call, and the calling thread takes parts too; each part writes only
/// what it is handed, so the parts need no lock. `package`: the tool's `--filter` uses it too.
package enum ParallelWork {
    /// Calls `body` once for each part number in `0 ..< parts`, on several threads at once,
    /// and returns when every call has returned.
    /// - Parameters:
    ///   - parts: How many parts; 0 calls nothing.
    ///   - body: Does one part; it must not write what another part reads or writes.
    package static func forEach(parts: Int, _ body: @Sendable (_ part: Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: parts, execute: body)
    }
}
