import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines read from a file descriptor (a pipe, a file) on a thread of the library's own,
/// split by ``LineSplitter``'s rule, prepared into batches on that thread and handed to the app
/// as messages through its ``ProgramMailbox``: `update` (``TerminalApp/receive(_:in:)``) takes
/// each with ``accept(_:)``. The app starts no thread of its own and keeps no queue or lock.
///
/// ```swift
/// let feed = LineFeed<[String]>()
/// feed.prepare { _, bytes, ends in /* the lines of bytes, as the app keeps them */ }
/// feed.read(descriptor: STDIN_FILENO)
/// // start(in:):        feed.connect(program.mailbox)
/// // receive(_:in:):    if let delivery = feed.accept(message) { … }
/// ```
///
/// Back-pressure: the reader stops reading while `waitingLimit` bytes of lines are sent and
/// not yet accepted, so a producer faster than the app never piles up batches (and a
/// producer that blocks on a full pipe waits with it). ``close()`` lets a waiting reader go
/// on to its input's end, dropping what it reads.
///
/// Lines that come before the preparation is set are kept as bytes and prepared when it is;
/// batches that come before the mailbox is connected are kept and posted when it is. Messages
/// reach the mailbox in line order. One producer at a time (the reader, or one thread
/// calling ``send(utf8:ends:waitsForRoom:)``).
public final class LineFeed<Batch: Sendable>: Sendable {
    /// How a batch is made: the number of its first line (counting from 0 over the whole
    /// input), the bytes read, and where each of its lines ends in them (the offset of its
    /// separator; the first line starts at 0, each next one after the separator before it).
    public typealias Preparation = @Sendable (_ firstLine: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ ends: [Int]) -> Batch

    /// What a message of this feed brings to the app (see ``accept(_:)``).
    public enum Delivery: Sendable {
        /// A batch of lines, in input order after the batches before it.
        case lines(Batch)
        /// The input ended, with the error that ended it, if any: no more lines come.
        case end(error: String?)
    }

    /// A message this feed posts to the mailbox; the app hands it back to ``accept(_:)``.
    public struct Message: Sendable {
        /// The feed's number, not the feed (see `InstanceNumber`).
        fileprivate let feed: InstanceNumber
        fileprivate let delivery: Delivery
        fileprivate let bytes: Int
    }

    /// Something read and not yet posted.
    private enum Held {
        case raw(bytes: [UInt8], ends: [Int], firstLine: Int)
        case message(Message)
    }

    private struct State: Sendable {
        var preparation: Preparation?
        var mailbox: ProgramMailbox?
        var held: [Held] = []
        /// Lines numbered so far.
        var numbered = 0
        /// Bytes of lines sent and not yet accepted.
        var waiting = 0
        var closed = false
    }

    private let state = LockedValue(State())
    /// What its messages carry to say they are this feed's.
    private let number = InstanceNumber()

    /// How many bytes of lines may be sent and not accepted before the reader waits for the
    /// app to accept them.
    package let waitingLimit: Int

    /// A feed with nothing read.
    /// - Parameter waitingLimit: The back-pressure's limit, in bytes (default 2 MiB).
    public init(waitingLimit: Int = 2 << 20) {
        self.waitingLimit = waitingLimit
    }

    /// From now on, lines are made into batches by `preparation` (on the thread that sends
    /// them); lines already read are prepared now. Set it once.
    /// - Parameter preparation: Makes a batch of lines.
    public func prepare(_ preparation: @escaping Preparation) {
        state.withLock { state in
            state.preparation = preparation
            state.held = state.held.map { held in
                guard case .raw(let bytes, let ends, let first) = held else { return held }
                let batch = bytes.withUnsafeBufferPointer { preparation(first, $0, ends) }
                return .message(Message(feed: number, delivery: .lines(batch), bytes: bytes.count))
            }
            flush(&state)
        }
    }

    /// Posts the feed's messages to `mailbox` (those that came before, at once).
    /// - Parameter mailbox: The mailbox of the program whose app accepts the lines.
    public func connect(_ mailbox: ProgramMailbox) {
        state.withLock { state in
            state.mailbox = mailbox
            flush(&state)
        }
    }

    /// Posts what is held, if the mailbox and the preparation are there (the lock held).
    private func flush(_ state: inout State) {
        guard let mailbox = state.mailbox, state.preparation != nil, !state.held.isEmpty else { return }
        var messages: [any Sendable] = []
        for held in state.held {
            guard case .message(let message) = held else { return }  // (not prepared: cannot be)
            messages.append(message)
        }
        state.held = []
        mailbox.post(contentsOf: messages)
    }

    /// Queues `message` after what is held, or posts it (the lock held).
    private func deliver(_ message: Message, _ state: inout State) {
        if let mailbox = state.mailbox, state.held.isEmpty {
            mailbox.post(message)
        } else {
            state.held.append(.message(message))
            flush(&state)
        }
    }

    /// Sends the lines of `bytes` that end at each offset of `ends` (ascending; ``LineSplitter``'s
    /// rule: a `\r` before the end is the line's).
    /// - Parameters:
    ///   - bytes: The bytes read; those after the last end are not looked at.
    ///   - ends: Where each line ends: its separator's offset.
    ///   - waitsForRoom: Whether to wait, first, while `waitingLimit` bytes are not accepted
    ///     (the reader does; a test feeding lines from the app's thread must not).
    public func send(utf8 bytes: UnsafeBufferPointer<UInt8>, ends: [Int], waitsForRoom: Bool = true) {
        guard !ends.isEmpty else { return }
        let total = ends.last! + 1
        let limit = waitingLimit
        // Numbers are given out under the lock, the batch is made outside it.
        let numbered: (first: Int, preparation: Preparation)? = state.withLock(
            when: { !waitsForRoom || $0.closed || $0.waiting < limit },
            { state in
                guard !state.closed else { return nil }
                let first = state.numbered
                state.numbered += ends.count
                state.waiting += total
                guard let preparation = state.preparation else {
                    state.held.append(.raw(bytes: Array(bytes[..<total]), ends: ends, firstLine: first))
                    return nil
                }
                return (first, preparation)
            })
        guard let numbered else { return }
        let batch = numbered.preparation(numbered.first, UnsafeBufferPointer(rebasing: bytes[..<total]), ends)
        state.withLock { state in
            guard !state.closed else { return }
            deliver(Message(feed: number, delivery: .lines(batch), bytes: total), &state)
        }
    }

    /// Says that no more lines come, with the error that ended them, if any (each call sends
    /// an end: a later one can say why, after all).
    /// - Parameter error: Why the input ended early.
    public func finish(error: String? = nil) {
        state.withLock { state in
            guard !state.closed else { return }
            deliver(Message(feed: number, delivery: .end(error: error), bytes: 0), &state)
        }
    }

    /// Says that nothing more will be accepted (the program is ending, or the lines are
    /// replaced): lines sent from now on are dropped, and a reader waiting for room goes on
    /// (and so reaches its input's end instead of blocking for ever).
    public func close() {
        state.withLock { state in
            state.closed = true
            state.held = []
        }
    }

    /// What `message` brings, if it is this feed's (nil for any other message); accepting a
    /// batch makes room for the reader.
    /// - Parameter message: A message the app received.
    /// - Returns: The lines or the end of input; nil for another feed's message or anyone else's.
    public func accept(_ message: any Sendable) -> Delivery? {
        guard let message = message as? Message, message.feed == number else { return nil }
        if message.bytes > 0 { state.withLock { $0.waiting -= message.bytes } }
        return message.delivery
    }

    /// Starts reading `descriptor` to its end (or an error) on a thread of its own, sending
    /// its lines as they arrive: a slow producer's lines come at once, `tail -f` works; a fast
    /// one's come in batches of up to 512 KB. A last line without its separator
    /// counts; the end is sent with ``finish(error:)``. The descriptor is not closed.
    /// - Parameters:
    ///   - descriptor: The file descriptor to read.
    ///   - separator: The byte that ends a line: LF (the default) or NUL.
    public func read(descriptor: Int32, separator: UInt8 = 0x0A) {
        read(descriptor: descriptor, separator: separator, patience: Self.batchPatience)
    }

    /// ``read(descriptor:separator:)`` with a batch waiting up to `patience` milliseconds for
    /// more bytes (a test that must not depend on the machine's load waits longer).
    package func read(descriptor: Int32, separator: UInt8, patience: Int) {
        // The one thread of a feed: a read blocks, so it cannot share the program's.
        let thread = Thread { [self] in readAll(descriptor, separator, patience: patience) }
        thread.name = "tuilist lines"
        thread.start()
    }

    /// How many bytes are read before a batch is sent, when more keep coming.
    package static var batchBytes: Int { 512 << 10 }

    private func readAll(_ descriptor: Int32, _ separator: UInt8, patience: Int) {
        // Bytes read and not yet sent: whole lines, then the start of the next one. Raw
        // memory, read into as it is (an array would be zeroed before each read); it grows
        // only for a line longer than a batch.
        var capacity = Self.batchBytes + Self.readBytes
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0
        var error: String?
        Self.widenPipe(descriptor)
        // Sends the lines that end at the last separator, keeps the rest.
        func sendWholeLines() {
            let bytes = UnsafeBufferPointer(start: buffer, count: filled)
            guard let last = bytes.lastIndex(of: separator) else { return }
            sendLines(UnsafeBufferPointer(rebasing: bytes[...last]), separator)
            filled -= last + 1
            memmove(buffer, buffer + last + 1, filled)
        }
        reading: while true {
            // Read while more is waiting, or comes within a few milliseconds, up to a batch: a
            // producer faster than this thread (`cat` of a file) still fills whole batches,
            // whose text the app takes over instead of copying; a slow one's lines wait no
            // longer than that.
            let due = Self.monotonicMilliseconds() + patience
            repeat {
                if capacity - filled < Self.readBytes {
                    capacity *= 2
                    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                    grown.moveInitialize(from: buffer, count: filled)
                    buffer.deallocate()
                    buffer = grown
                }
                let got = systemRead(descriptor, buffer + filled, Self.readBytes)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    if got < 0 { error = String(cString: strerror(errno)) }
                    break reading
                }
                filled += got
            } while filled < Self.batchBytes && Self.isReadable(descriptor, until: due)
            sendWholeLines()
        }
        sendWholeLines()
        if filled > 0 {
            buffer[filled] = separator  // (room: a read leaves at least readBytes free)
            filled += 1
            sendWholeLines()
        }
        finish(error: error)
    }

    /// Sends the lines of `bytes`, which ends with a separator.
    private func sendLines(_ bytes: UnsafeBufferPointer<UInt8>, _ separator: UInt8) {
        var ends: [Int] = []
        LineSplitter.separators(in: bytes, separator: separator, into: &ends)
        send(utf8: bytes, ends: ends)
    }

    /// How many bytes one `read(2)` asks for.
    static var readBytes: Int { 256 << 10 }

    /// Gives a pipe on `descriptor` room for 1 MiB (Linux's limit for a user, by default)
    /// instead of 64 KiB: a fast producer then writes, and this thread reads, in 16 times fewer
    /// turns, each of which wakes the other. A descriptor that is not a pipe, or a refusal, is
    /// left as it is.
    private static func widenPipe(_ descriptor: Int32) {
        #if os(Linux)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ (<fcntl.h> with _GNU_SOURCE)
        _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        #endif
    }

    /// How long a batch waits for more bytes, in milliseconds, when some are read.
    static var batchPatience: Int { 3 }

    /// Whether `descriptor` has bytes to read now or before `due` (milliseconds, as
    /// ``monotonicMilliseconds()``).
    private static func isReadable(_ descriptor: Int32, until due: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, Int32(max(0, due - monotonicMilliseconds())))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    private static func monotonicMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}

/// `read(2)` (the name is taken by ``LineFeed/read(descriptor:separator:)`` inside the class).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
