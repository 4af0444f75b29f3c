import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes a ``Program`` that waits for input, from any thread: background work (a command
/// that finished, lines read from a pipe) calls ``wake()`` after queueing its results, and
/// the program calls its app's ``TerminalApp/tick(in:)`` and draws.
///
/// Wakes that come before the program gets round to it merge into one. Work that has a result
/// to hand over posts it to ``Program/mailbox`` instead, which wakes the program itself and
/// needs no queue or lock of the app's own.
///
/// ```swift
/// let waker = program.waker                // Sendable: capture it, not the program
/// monitor.onChange = { waker.wake() }      // from the monitor's thread: tick(in:) looks
/// ```
public final class ProgramWaker: Sendable {
    /// Atomic: any thread wakes, and the wakes that come before the program looks merge into
    /// one pipe write without a lock (the waker sits under the mailbox's and the reader's).
    private let pending = Atomic<Bool>(false)
    /// A pipe whose read end a real terminal's wait includes in its `poll`.
    private let readEnd: Int32
    private let writeEnd: Int32

    /// A waker with nothing pending.
    package init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Asks the program to call its app's `tick` and draw, as soon as it can. Safe from any
    /// thread; cheap when a wake is already pending.
    public func wake() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Whether a wake is pending.
    package var isPending: Bool { pending.load(ordering: .acquiring) }

    /// A descriptor that becomes readable when a wake is pending, for `poll`.
    var fileDescriptor: Int32 { readEnd }

    /// Takes the pending wake, if any: returns whether there was one.
    @discardableResult
    package func consume() -> Bool {
        guard pending.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return true
    }
}
