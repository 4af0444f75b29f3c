import CTerminalRestore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The input side of a live terminal, one for both backends (``NCursesTerminal``,
/// ``InlineTerminal``): the reading thread (``TerminalInputReader``, which keeps the Ctrl-C
/// contract: Ctrl-C ends a busy program with ``interruptStatus``), the ``InputDecoder`` with
/// its timeouts (a lone Escape is a key after 25 ms, a paste may pause for a second), and the
/// signal pipe (resize, Ctrl-Z from outside, continue).
///
/// The backend keeps what differs between them: what a signal or a decoded key means to its
/// screen (``nextEvents(timeout:waker:signals:translate:)`` takes both as closures).
final class TerminalInput {
    /// What arrived on the signal pipe since it was last read.
    struct Signals {
        /// SIGWINCH or SIGCONT: the size may have changed, the screen must be drawn again.
        var resized = false
        /// SIGTSTP (Ctrl-Z sent from outside): stop this process.
        var suspend = false
    }

    /// The reading thread.
    let reader: TerminalInputReader
    /// Events already taken and not yet handed over (a `.resize` after a suspend, say).
    var queued: [InputEvent] = []
    /// Why the last Ctrl-Z stopped nothing, until ``Program`` takes it (as a
    /// ``SuspendRefused`` message for the app).
    var suspendRefusal: String?
    private let signalDescriptor: Int32
    private var decoder = InputDecoder()
    private var lastInputTime = 0.0
    private var inputClosed = false

    /// Reads `input` (once ``start()`` is called) and `signalDescriptor`, the pipe
    /// `tui_install_event_signals` returned.
    init(input: Int32, signalDescriptor: Int32) {
        reader = TerminalInputReader(input: input)
        self.signalDescriptor = signalDescriptor
    }

    /// Starts the reading thread (again, after ``stop()``).
    func start() { reader.start() }

    /// Stops the reading thread: nothing is read until ``start()``.
    func stop() { reader.stop() }

    /// Decodes bytes read by other means (typed ahead while the backend waited for an answer
    /// of its own), handing the events to `translate` and queueing the result.
    func feed(_ bytes: [UInt8], translate: ([InputEvent], [InputDecoder.ModeReport]) -> [InputEvent]) {
        guard !bytes.isEmpty else { return }
        queued += decoded(decoder.decode(bytes), translate)
        lastInputTime = Self.now()
    }

    /// Every pending event as one batch: waits at most `timeout` seconds (nil: forever) for the
    /// first, returns early (possibly with none) while `waker` is pending (the caller consumes
    /// the wake), and returns nil once the input has hung up and everything read is handed over.
    ///
    /// - Parameters:
    ///   - signals: What the backend makes of the signals that arrived (a `.resize`, say).
    ///   - translate: What the backend makes of decoded events, with the mode reports that came
    ///     with them (Ctrl-Z suspends, mouse lines move, the synchronized-output answer).
    func nextEvents(
        timeout: Double?, waker: ProgramWaker?, signals: (Signals) -> [InputEvent],
        translate: ([InputEvent], [InputDecoder.ModeReport]) -> [InputEvent]
    ) -> [InputEvent]? {
        if !queued.isEmpty {
            defer { queued.removeAll() }
            return queued
        }
        let deadline = timeout.map { Self.now() + max(0, $0) }
        var events: [InputEvent] = []
        while true {
            if waker?.isPending == true { return events }
            // A lone Escape (or half a sequence) waits 25 ms for the rest; a paste, a second.
            var wait: Double? = deadline.map { $0 - Self.now() }
            if decoder.isWaitingForMore {
                let limit = lastInputTime + (decoder.isInPaste ? 1.0 : 0.025) - Self.now()
                wait = min(wait ?? limit, limit)
            }
            if inputClosed && !decoder.isWaitingForMore { return events.isEmpty ? nil : events }
            let milliseconds: Int32 = wait.map { Int32(clamping: Int((max(0, $0) * 1000).rounded(.up))) } ?? -1
            var fds = [
                pollfd(fd: reader.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: waker?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, inputClosed ? 0 : milliseconds)
            if ready < 0 && errno != EINTR { return events.isEmpty ? nil : events }
            if fds[1].revents != 0 { events += signals(readSignals()) }
            if fds[0].revents != 0 {
                let (bytes, hungUp) = reader.take()
                if !bytes.isEmpty {
                    events += decoded(decoder.decode(bytes), translate)
                    lastInputTime = Self.now()
                }
                if hungUp { inputClosed = true }
            }
            if decoder.isWaitingForMore,
                inputClosed || Self.now() >= lastInputTime + (decoder.isInPaste ? 1.0 : 0.025)
            {
                events += decoded(decoder.flush(), translate)
            }
            // A refused Ctrl-Z leaves no event, but a program loop (the one caller with a waker)
            // has a message to hand its app; a caller reading events alone keeps waiting.
            if !events.isEmpty || (suspendRefusal != nil && waker != nil) { return events }
            if let deadline, Self.now() >= deadline, !decoder.isWaitingForMore { return [] }
        }
    }

    /// The next event of a batch (see ``nextEvents(timeout:waker:signals:translate:)``).
    func nextEvent(
        timeout: Double?, signals: (Signals) -> [InputEvent],
        translate: ([InputEvent], [InputDecoder.ModeReport]) -> [InputEvent]
    ) -> InputEvent? {
        if queued.isEmpty,
            let events = nextEvents(timeout: timeout, waker: nil, signals: signals, translate: translate)
        {
            queued = events
        }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    private func decoded(
        _ events: [InputEvent], _ translate: ([InputEvent], [InputDecoder.ModeReport]) -> [InputEvent]
    ) -> [InputEvent] {
        let reports = decoder.modeReports
        decoder.modeReports.removeAll()
        return translate(events, reports)
    }

    /// Drains the signal pipe.
    private func readSignals() -> Signals {
        var buffer = [UInt8](repeating: 0, count: 32)
        var result = Signals()
        while true {
            let n = read(signalDescriptor, &buffer, buffer.count)
            guard n > 0 else { break }
            for byte in buffer[0 ..< n] {
                switch Int32(byte) {
                case SIGWINCH, SIGCONT: result.resized = true
                case SIGTSTP: result.suspend = true
                default: break
                }
            }
        }
        return result
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// A live terminal reading its input through a ``TerminalInput``: the Ctrl-C contract
/// (``ControlCPassing``) is the input's.
protocol ReadsTerminalInput: ControlCPassing, SuspendRefusing {
    /// The reading thread, the decoder and the signal pipe.
    var input: TerminalInput { get }
}

extension ReadsTerminalInput {
    /// Whether Ctrl-C reaches the app as a key instead of ending the program (``Program`` sets
    /// it from ``TerminalApp/handlesControlC``). Either way, a second Ctrl-C that arrives
    /// before the program loop took the first ends the program at once with status 130.
    var passesControlC: Bool {
        get { input.reader.passesControlC }
        set { input.reader.passesControlC = newValue }
    }

    /// The status Ctrl-C ends a busy program with (``Program/interruptStatus``).
    var interruptStatus: Int32 {
        get { input.reader.interruptStatus }
        set { input.reader.interruptStatus = newValue }
    }

    func takeSuspendRefusal() -> String? {
        defer { input.suspendRefusal = nil }
        return input.suspendRefusal
    }

    /// Ctrl-Z typed: true when the job may stop (the caller then gives the terminal back and
    /// calls `tui_stop_job`); false when no shell could continue it (an orphaned process
    /// group: `setsid`, a tmux pane's own command; SIGTSTP ignored from the start), the
    /// reason then kept for ``Program`` to hand the app. vim and less stop their whole job the
    /// same way, and refuse the same way.
    func mayStopJob() -> Bool {
        guard let refusal = tui_job_control_refusal() else { return true }
        input.suspendRefusal = String(cString: refusal)
        return false
    }
}
