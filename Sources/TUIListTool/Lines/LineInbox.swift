import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

/// Lines that arrive from another thread (a pipe being read, a command that finished), kept
/// until the app's `tick` takes them.
///
/// The producer calls ``append(_:)`` (or, from ``LineReader``, ``append(utf8:ends:)``) and
/// ``finish(error:)``; each wakes the program through its waker. The app calls ``take()`` on
/// the program's thread.
///
/// Given a ``LinePreparation`` (``prepare(_:)``), the inbox hands over ``LineBatch``es
/// instead (``takeBatches()``): lines numbered, indexed for filtering and, in the common case,
/// kept only as bytes in the batch's index — all done on the producer's thread, so a million
/// lines from a pipe cost the program's thread no more than joining each batch.
package final class LineInbox: @unchecked Sendable {
    /// Guards the state; the reader waits on it while too much is waiting (see ``waitingLimit``).
    private let lock = NSCondition()
    /// Bytes of lines in ``batches``, not yet taken.
    private var waitingBytes = 0
    /// How many bytes of prepared lines may wait before the reader stops reading until the
    /// program takes them: a producer faster than the program never piles up batches (each
    /// waiting byte is memory that the index will hold again).
    package static let waitingLimit = 2 << 20
    private var lines: [String] = []
    private var batches: [LineBatch] = []
    private var preparation: LinePreparation?
    /// Lines numbered so far (header lines included).
    private var numbered = 0
    private var finished = false
    /// Whether ``close()`` was called.
    private var closed = false
    private var failure: String?
    private var waker: ProgramWaker?

    /// An empty inbox.
    package init() {}

    /// The waker to wake when lines arrive (set by the app when the program starts).
    package func connect(_ waker: ProgramWaker) {
        lock.lock()
        self.waker = waker
        let pending = !lines.isEmpty || !batches.isEmpty || finished
        lock.unlock()
        if pending { waker.wake() }
    }

    /// From now on, lines are handed over as ``LineBatch``es prepared as `preparation` says
    /// (lines that arrived before are prepared too).
    package func prepare(_ preparation: LinePreparation) {
        lock.lock()
        defer { lock.unlock() }
        self.preparation = preparation
        guard !lines.isEmpty else { return }
        let waiting = lines
        lines = []
        batches.append(batch(of: waiting.count) { body in for var line in waiting { line.withUTF8 { body($0) } } })
    }

    /// Adds lines (any thread).
    package func append<Lines: Sequence<String>>(_ more: Lines) {
        lock.lock()
        if closed {
            lock.unlock()
            return
        }
        if preparation != nil {
            let more = Array(more)
            let prepared = batch(of: more.count) { body in
                for var line in more { line.withUTF8 { body($0) } }
            }
            batches.append(prepared)
        } else {
            lines.append(contentsOf: more)
        }
        let waker = self.waker
        lock.unlock()
        waker?.wake()
    }

    /// Adds the lines in `bytes` that end before each offset of `ends` (the first starts at
    /// 0, each next one after the separator at the end of the one before).
    /// - Parameters:
    ///   - utf8: The bytes read.
    ///   - ends: Where each line ends (its separator, or the end of the bytes), ascending
    ///     (``LineSplitter``'s rule: a `\r` before the end is the line's).
    package func append(utf8 bytes: UnsafeBufferPointer<UInt8>, ends: [Int]) {
        func each(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: bytes[start ..< end]))
                start = end + 1
            }
        }
        lock.lock()
        guard let preparation else {
            lock.unlock()
            var strings: [String] = []
            strings.reserveCapacity(ends.count)
            each { strings.append(String(decoding: $0, as: UTF8.self)) }
            append(strings)
            return
        }
        // Numbers are given out under the lock, the batch is made outside it.
        let first = numbered
        numbered += ends.count
        lock.unlock()
        let prepared = preparation.batch(first: first, count: ends.count, bytes: (ends.last ?? -1) + 1, each)
        lock.lock()
        while waitingBytes >= Self.waitingLimit && waker != nil && !closed { lock.wait() }
        if closed {
            lock.unlock()
            return
        }
        waitingBytes += (ends.last ?? -1) + 1
        batches.append(prepared)
        let waker = self.waker
        lock.unlock()
        waker?.wake()
    }

    /// A batch of the next `count` lines (the lock held).
    private func batch(of count: Int, _ each: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> LineBatch {
        let first = numbered
        numbered += count
        return preparation!.batch(first: first, count: count, each)
    }

    /// Says that nothing more will be taken (the program is ending): lines that arrive from now
    /// on are dropped, and a reader waiting for room goes on (and so reaches its input's end
    /// instead of blocking for ever).
    package func close() {
        lock.lock()
        closed = true
        batches = []
        lines = []
        lock.broadcast()
        lock.unlock()
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

    /// The batches prepared since the last call (in line order), whether the input has
    /// ended, and why it failed if it did.
    package func takeBatches() -> (batches: [LineBatch], finished: Bool, error: String?) {
        lock.lock()
        defer { lock.unlock() }
        let taken = batches
        batches.removeAll(keepingCapacity: true)
        waitingBytes = 0
        lock.broadcast()
        return (taken, finished, failure)
    }
}

/// How a ``LineInbox`` prepares lines for a picker: which first lines are a header, and what
/// text of a line is searched.
package struct LinePreparation: Sendable {
    /// How many first lines are a header (not searched, not numbered as lines).
    package var headerLines = 0
    /// Whether colour escapes are taken out of each line (`--ansi`); the line with them is
    /// kept too, for drawing.
    package var stripsANSI = false
    /// The text searched for a line (after the escapes are taken out), when it is not the
    /// line itself (`--nth`, `--with-nth`).
    package var searchText: (@Sendable (String) -> String)?

    /// Prepares lines that keep the whole line as their searched text.
    package init(headerLines: Int = 0, stripsANSI: Bool = false, searchText: (@Sendable (String) -> String)? = nil) {
        self.headerLines = headerLines
        self.stripsANSI = stripsANSI
        self.searchText = searchText
    }

    /// Whether lines are kept as strings beside the index (escapes or other searched text);
    /// otherwise the index keeps them, as bytes.
    package var keepsLines: Bool { stripsANSI || searchText != nil }

    /// The batch of `count` lines numbered from `first` (header lines included), which `each`
    /// passes one at a time.
    package func batch(
        first: Int, count: Int, bytes: Int = 0, _ each: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> LineBatch {
        var batch = LineBatch(firstLine: max(0, first - headerLines), index: FilterIndex(storingText: !keepsLines))
        // One chunk for the batch's text, with room for lower-cased copies of a fifth of it.
        batch.index.reserveCapacity(items: 0, bytes: bytes + bytes / 5)
        var number = first
        each { bytes in
            defer { number += 1 }
            if number < headerLines {
                batch.header.append(String(decoding: bytes, as: UTF8.self))
                return
            }
            let id = number - headerLines - batch.firstLine  // from 0 in each batch
            guard keepsLines else {
                batch.index.append(id, utf8: bytes)
                return
            }
            let raw = String(decoding: bytes, as: UTF8.self)
            let line = stripsANSI ? ANSIText.stripping(raw) : raw
            if stripsANSI { batch.rawLines.append(raw) }
            batch.lines.append(line)
            batch.index.append(id, text: searchText?(line) ?? line)
        }
        return batch
    }
}

/// Lines prepared on the thread that read them (see ``LinePreparation``).
package struct LineBatch: Sendable {
    /// The number of the first line (header lines not counted); ``index``'s identifiers count
    /// from 0 for it.
    package var firstLine: Int
    /// The header lines among these, as read.
    package var header: [String] = []
    /// The lines, indexed: identifiers are line numbers less ``firstLine``. Without ``LinePreparation/keepsLines``
    /// the index keeps the lines' text too.
    package var index: FilterIndex<Int>
    /// With ``LinePreparation/keepsLines``: the lines (escapes taken out).
    package var lines: [String] = []
    /// With ``LinePreparation/stripsANSI``: the lines as read.
    package var rawLines: [String] = []

    /// An empty batch.
    package init(firstLine: Int, index: FilterIndex<Int>) {
        self.firstLine = firstLine
        self.index = index
    }
}

/// Reads lines from a file descriptor on a thread of its own into a ``LineInbox``, as they
/// arrive: a slow producer's lines show at once, `tail -f` works. Lines are split by
/// ``LineSplitter``'s rule: they end at `\n` (NUL with `--read0`) and keep every other byte, a
/// `\r` before the `\n` included (as fzf); bytes that are not UTF-8 are repaired; a last line
/// without its separator counts.
package enum LineReader {
    /// Starts reading `descriptor` until end of file (or an error) into `inbox`.
    /// - Parameters:
    ///   - descriptor: The file descriptor to read.
    ///   - inbox: Where the lines go.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    package static func start(descriptor: Int32, into inbox: LineInbox, separator: UInt8 = 0x0A) {
        let thread = Thread {
            // Bytes read and not yet handed over: whole lines, then the start of the next one.
            var buffer: [UInt8] = []
            buffer.reserveCapacity(batchBytes + 65_536)
            var error: String?
            reading: while true {
                // Read while more is waiting, up to a batch: a fast producer's lines go over in
                // large batches, a slow one's at once.
                repeat {
                    let count = buffer.count
                    buffer.append(contentsOf: repeatElement(0, count: 65_536))
                    let got = buffer.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress! + count, 65_536) }
                    buffer.removeLast(65_536 - max(got, 0))
                    if got < 0 && errno == EINTR { continue }
                    if got <= 0 {
                        if got < 0 { error = String(cString: strerror(errno)) }
                        break reading
                    }
                } while buffer.count < batchBytes && isReadable(descriptor)
                guard let last = buffer.lastIndex(of: separator) else { continue }
                hand(buffer, upTo: last, to: inbox, separator: separator)
                buffer.removeSubrange(0 ... last)
            }
            if let last = buffer.lastIndex(of: separator) {
                hand(buffer, upTo: last, to: inbox, separator: separator)
                buffer.removeSubrange(0 ... last)
            }
            if !buffer.isEmpty {
                // A last line without its separator counts.
                buffer.append(separator)
                hand(buffer, upTo: buffer.count - 1, to: inbox, separator: separator)
            }
            inbox.finish(error: error)
        }
        thread.name = "tuilist stdin"
        thread.start()
    }

    /// How many bytes are read before a batch is handed over, when more keep coming.
    static let batchBytes = 512 << 10

    /// Hands over the lines of `buffer[...last]` (`last` is a separator).
    private static func hand(_ buffer: [UInt8], upTo last: Int, to inbox: LineInbox, separator: UInt8) {
        buffer.withUnsafeBufferPointer { bytes in
            var ends: [Int] = []
            LineSplitter.separators(in: UnsafeBufferPointer(rebasing: bytes[...last]), separator: separator, into: &ends)
            inbox.append(utf8: bytes, ends: ends)
        }
    }

    /// Whether `descriptor` has bytes to read now (or its end).
    private static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
