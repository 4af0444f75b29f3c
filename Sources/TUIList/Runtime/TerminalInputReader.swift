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
final class TerminalInputReader: @unchecked Sendable {
    private let input: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var hungUp = false
    private var wakePending = false
    private let wakePipe: (read: Int32, write: Int32)
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private var isRunning = false

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
        // A stop request the last thread took is still in the pipe: it must not stop this one.
        var drain = [UInt8](repeating: 0, count: 16)
        while read(stopPipe.read, &drain, drain.count) > 0 {}
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
        finished.wait()
    }

    /// Everything read since the last call, and whether the input has hung up.
    func take() -> (bytes: [UInt8], hungUp: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let taken = bytes
        bytes.removeAll(keepingCapacity: true)
        if wakePending {
            wakePending = false
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakePipe.read, &drain, drain.count) > 0 {}
        }
        return (taken, hungUp)
    }

    private func loop() {
        defer { finished.signal() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                deliver([], hangUp: true)
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let count = read(input, &buffer, buffer.count)
            if count > 0 {
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

    private func deliver(_ read: ArraySlice<UInt8>, hangUp: Bool) {
        lock.lock()
        bytes.append(contentsOf: read)
        if hangUp { hungUp = true }
        let signal = !wakePending
        wakePending = true
        lock.unlock()
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
