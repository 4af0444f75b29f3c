import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// Lines that arrive from another thread (a pipe being read, a command that finished), kept
/// until the app's `tick` takes them.
///
/// The producer calls ``append(_:)`` and ``finish(error:)``; each wakes the program through
/// its waker. The app calls ``take()`` on the program's thread.
package final class LineInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var finished = false
    private var failure: String?
    private var waker: ProgramWaker?

    /// An empty inbox.
    package init() {}

    /// The waker to wake when lines arrive (set by the app when the program starts).
    package func connect(_ waker: ProgramWaker) {
        lock.lock()
        self.waker = waker
        let pending = !lines.isEmpty || finished
        lock.unlock()
        if pending { waker.wake() }
    }

    /// Adds lines (any thread).
    package func append<Lines: Sequence<String>>(_ more: Lines) {
        lock.lock()
        lines.append(contentsOf: more)
        let waker = self.waker
        lock.unlock()
        waker?.wake()
    }

    /// Says that no more lines will come (any thread), with the error that ended them, if any.
    package func finish(error: String? = nil) {
        lock.lock()
        finished = true
        failure = error
        let waker = self.waker
        lock.unlock()
        waker?.wake()
    }

    /// The lines that arrived since the last call, whether the input has ended, and why it
    /// failed if it did.
    package func take() -> (lines: [String], finished: Bool, error: String?) {
        lock.lock()
        defer { lock.unlock() }
        let taken = lines
        lines.removeAll(keepingCapacity: true)
        return (taken, finished, failure)
    }
}

/// Reads lines from a file descriptor on a thread of its own into a ``LineInbox``, as they
/// arrive: a slow producer's lines show at once, `tail -f` works. Lines end at `\n`; a `\r`
/// before it is dropped; bytes that are not UTF-8 are repaired; a last line without `\n` counts.
/// With NUL as the separator (`--read0`), lines end at NUL and keep everything else, `\r` and
/// `\n` included.
package enum LineReader {
    /// Starts reading `descriptor` until end of file (or an error) into `inbox`.
    /// - Parameters:
    ///   - descriptor: The file descriptor to read.
    ///   - inbox: Where the lines go.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    package static func start(descriptor: Int32, into inbox: LineInbox, separator: UInt8 = 0x0A) {
        let thread = Thread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    if !pending.isEmpty { inbox.append([line(pending[...], separator)]) }
                    inbox.finish(error: count < 0 ? String(cString: strerror(errno)) : nil)
                    return
                }
                var lines: [String] = []
                var start = 0
                let chunk = buffer[0 ..< count]
                for index in chunk.indices where chunk[index] == separator {
                    if pending.isEmpty {
                        lines.append(line(chunk[start ..< index], separator))
                    } else {
                        pending += chunk[start ..< index]
                        lines.append(line(pending[...], separator))
                        pending.removeAll(keepingCapacity: true)
                    }
                    start = index + 1
                }
                pending += chunk[start...]
                if !lines.isEmpty { inbox.append(lines) }
            }
        }
        thread.name = "tuilist stdin"
        thread.start()
    }

    private static func line(_ bytes: ArraySlice<UInt8>, _ separator: UInt8) -> String {
        let content = separator == 0x0A && bytes.last == 0x0D ? bytes.dropLast() : bytes
        return String(decoding: content, as: UTF8.self)
    }
}
