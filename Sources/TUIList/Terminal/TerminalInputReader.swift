import CTerminalRestore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a terminal's input on a thread of its own, into a queue, for as long as it runs.
///
/// While an app works (a filter over a million items, a sort step), the person keeps typing.
/// Unread bytes would pile up in the kernel's tty buffer, and once it is full (4 KB) the
/// terminal stops sending, Ctrl-C included: the interrupt would sit behind the typing. Reading
/// on another thread keeps that buffer empty whatever the app does, so the line discipline
/// always sees Ctrl-C at once (it becomes SIGINT, and the terminal is restored).
///
/// The program's thread takes what was read with ``take()``; ``wakeDescriptor`` becomes
/// readable when there is something to take.
///
/// Ctrl-C: the terminal is in raw mode, so Ctrl-C is a byte, not a signal. The program loop
/// normally reads it as a key and ends. When the loop is busy, this thread ends the program
/// instead (the terminal restored, our children's process group ended, the exit status
/// ``interruptStatus``): when a Ctrl-C has waited untaken for ``interruptGrace`` seconds, or when a
/// second one arrives before the first was taken — unless ``passesControlC`` is set, when
/// only the second does (the app reads Ctrl-C as a key, to confirm before losing work, say).
final class TerminalInputReader: @unchecked Sendable {
    private let input: Int32
    private let wakePipe: (read: Int32, write: Int32)
    private let stopPipe: (read: Int32, write: Int32)
    /// What the reading thread and the program's thread share.
    private struct Shared {
        var bytes: [UInt8] = []
        var hungUp = false
        var wakePending = false
        /// Whether the reading thread runs (set by ``start()``, cleared when it ends).
        var threadRunning = false
        /// When a Ctrl-C was read that the loop has not taken yet.
        var interruptReadAt: Double?
        /// Whether an untaken Ctrl-C waits for a second one (see the type).
        var passesControlC = false
        /// The status Ctrl-C ends the program with from this thread.
        var interruptStatus: Int32 = 130
    }
    private let shared = LockedValue(Shared())
    /// The program thread's own: whether it started the reading thread and has not stopped it.
    private var isRunning = false
    /// The reading thread's own: where Ctrl-C is, outside pastes.
    private var scanner = InterruptScanner()

    /// How long a Ctrl-C may wait for the program loop before this thread ends the program.
    static let interruptGrace = 0.25

    /// A reader of `input`; call ``start()`` to begin.
    init(input: Int32) {
        self.input = input
        wakePipe = Self.makePipe()
        stopPipe = Self.makePipe()
    }

    deinit {
        stop()
        for fd in [wakePipe.read, wakePipe.write, stopPipe.read, stopPipe.write] where fd >= 0 { close(fd) }
    }

    /// Readable when bytes (or a hang-up) wait to be taken.
    var wakeDescriptor: Int32 { wakePipe.read }

    /// Starts the reading thread (again, after ``stop()``).
    func start() {
        guard !isRunning else { return }
        isRunning = true
        shared.withLock {
            $0.interruptReadAt = nil  // a Ctrl-C from before a suspend is no longer waiting
            $0.threadRunning = true
        }
        // A stop request the last thread took is still in the pipe: it must not stop this one.
        var drain = [UInt8](repeating: 0, count: 16)
        while read(stopPipe.read, &drain, drain.count) > 0 {}
        // A thread of its own: reading the terminal blocks (in poll), and the Ctrl-C contract
        // needs the read to go on while the program's thread is busy drawing or in an app.
        let thread = Thread { [self] in self.loop() }
        thread.name = "TUIList input"
        thread.start()
    }

    /// Stops the reading thread and waits for it to end.
    func stop() {
        guard isRunning else { return }
        isRunning = false
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        shared.withLock(when: { !$0.threadRunning }, { _ in })
    }

    /// Whether Ctrl-C is a key the app reads: then only a second Ctrl-C, before the loop took
    /// the first, ends the program from this thread.
    var passesControlC: Bool {
        get { shared.withLock { $0.passesControlC } }
        set { shared.withLock { $0.passesControlC = newValue } }
    }

    /// The exit status when this thread ends the program on Ctrl-C (130, as SIGINT's).
    var interruptStatus: Int32 {
        get { shared.withLock { $0.interruptStatus } }
        set { shared.withLock { $0.interruptStatus = newValue } }
    }

    /// Everything read since the last call, and whether the input has hung up.
    func take() -> (bytes: [UInt8], hungUp: Bool) {
        shared.withLock { state in
            let taken = state.bytes
            state.bytes.removeAll(keepingCapacity: true)
            state.interruptReadAt = nil
            if state.wakePending {
                // Under the lock: a delivery after it finds the flag clear and writes a new byte.
                state.wakePending = false
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakePipe.read, &drain, drain.count) > 0 {}
            }
            return (taken, state.hungUp)
        }
    }

    private func loop() {
        defer { shared.withLock { $0.threadRunning = false } }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, interruptWait())
            if ready < 0 {
                if errno == EINTR { continue }
                deliver([], hangUp: true)
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else {
                if interruptOverdue() { tui_exit_now(interruptStatus) }
                continue
            }
            let count = read(input, &buffer, buffer.count)
            if count > 0 {
                let interrupts = scanner.count(in: buffer[0 ..< count])
                if interrupts > 0 && noteInterrupts(interrupts) { tui_exit_now(interruptStatus) }
                deliver(buffer[0 ..< count], hangUp: false)
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                deliver([], hangUp: true)
                // Wait for stop: the input is gone.
                var stop = [pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
                while poll(&stop, 1, -1) < 0 && errno == EINTR {}
                return
            }
        }
    }

    /// Milliseconds to wait for input: forever, or until an untaken Ctrl-C is overdue.
    private func interruptWait() -> Int32 {
        shared.withLock { state in
            guard let since = state.interruptReadAt, !state.passesControlC else { return -1 }
            let left = since + Self.interruptGrace - Self.now()
            return Int32(max(0, (left * 1000).rounded(.up)))
        }
    }

    /// Whether an untaken Ctrl-C has waited its grace out (and the app does not read it).
    private func interruptOverdue() -> Bool {
        shared.withLock { state in
            guard let since = state.interruptReadAt, !state.passesControlC else { return false }
            return Self.now() >= since + Self.interruptGrace
        }
    }

    /// Notes `count` Ctrl-C keys just read; true when the program must end now: a Ctrl-C was
    /// already waiting untaken, or two came at once.
    private func noteInterrupts(_ count: Int) -> Bool {
        shared.withLock { state in
            if state.interruptReadAt != nil || count > 1 { return true }
            state.interruptReadAt = Self.now()
            return false
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func deliver(_ read: ArraySlice<UInt8>, hangUp: Bool) {
        let signal = shared.withLock { state in
            state.bytes.append(contentsOf: read)
            if hangUp { state.hungUp = true }
            defer { state.wakePending = true }
            return !state.wakePending
        }
        if signal {
            var byte: UInt8 = 1
            _ = write(wakePipe.write, &byte, 1)
        }
    }

    private static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
