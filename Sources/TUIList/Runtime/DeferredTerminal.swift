#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal opened only when the app first needs the screen, so a run that never draws opens
/// no terminal at all and works with none (cron, a CI job, an editor plugin, `setsid`).
///
/// A picker given `-1` (pick the only match without asking) reads its input first: with one
/// match it prints it and ends, and the person never sees a screen flash by; with more, it
/// needs the screen and the terminal opens then. Until then the program waits on its clock and
/// its mailbox only, and ``TerminalApp/needsScreen`` says when to open.
///
/// ```swift
/// let terminal = DeferredTerminal { try NCursesTerminal(input: tty(), output: tty()) }
/// let status = Program(terminal: terminal).run(app)   // opens on the first frame, if any
/// if let error = terminal.openError { fail(error) }   // the terminal was needed but could not open
/// ```
///
/// - Note: Opening failed: ``openError`` holds why, the program's input counts as hung up (the
///   run ends with ``Program/hangUpStatus``), and the caller reports the error.
package final class DeferredTerminal: Terminal, ControlCPassing, SuspendRefusing, LineFitting {
    /// The terminal, once opened.
    package private(set) var opened: (any Terminal)?
    /// Why the terminal could not be opened, once it was needed.
    package private(set) var openError: (any Error)?
    private var open: (() throws -> any Terminal)?
    private var pendingPassesControlC = false
    private var pendingInterruptStatus: Int32 = 130
    private var pendingPreferredLines: Int?
    private var isRestored = false

    /// A terminal that `open` makes when the first frame is presented.
    ///
    /// - Parameter open: Opens the real terminal (``NCursesTerminal``); runs at most once.
    package init(_ open: @escaping () throws -> any Terminal) {
        self.open = open
    }

    /// The opened terminal's size; 0×0 before.
    package var size: TerminalSize { opened?.size ?? TerminalSize(columns: 0, rows: 0) }

    /// Opens the terminal (the first time) and shows the frame on it.
    package func present(_ canvas: Canvas) {
        openIfNeeded()
        opened?.present(canvas)
    }

    /// The opened terminal's next event; before it is opened, none.
    package func nextEvent(timeout: Double?) -> InputEvent? {
        opened?.nextEvent(timeout: timeout)
    }

    /// The opened terminal's batch. Before it is opened, waits for `waker` or the timeout
    /// only (nothing else can arrive) and returns an empty batch; nil once opening failed or
    /// after ``restore()``.
    package func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        if let opened { return opened.nextEvents(timeout: timeout, waker: waker) }
        if openError != nil || isRestored { return nil }
        if waker?.isPending == true { return [] }
        let milliseconds: Int32 = timeout.map { Int32(clamping: Int((max(0, $0) * 1000).rounded(.up))) } ?? -1
        var descriptor = pollfd(fd: waker?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, milliseconds)
        return []
    }

    /// Restores the opened terminal; nothing to do when it never opened. Afterwards it never
    /// opens, and a program on it sees its input hung up.
    package func restore() {
        opened?.restore()
        open = nil
        isRestored = true
    }

    /// Gives the opened terminal back while `body` runs; runs `body` at once when none is open.
    package func suspend(_ body: () -> Void) {
        guard let opened else { return body() }
        opened.suspend(body)
    }

    /// The opened terminal's; nothing before one is open (its first frame is whole anyway).
    package func redrawWholeScreen() {
        opened?.redrawWholeScreen()
    }

    var preferredLines: Int? {
        get { (opened as? LineFitting)?.preferredLines ?? pendingPreferredLines }
        set {
            pendingPreferredLines = newValue
            (opened as? LineFitting)?.preferredLines = newValue
        }
    }

    func takeSuspendRefusal() -> String? {
        (opened as? SuspendRefusing)?.takeSuspendRefusal()
    }

    var passesControlC: Bool {
        get { (opened as? ControlCPassing)?.passesControlC ?? pendingPassesControlC }
        set {
            pendingPassesControlC = newValue
            (opened as? ControlCPassing)?.passesControlC = newValue
        }
    }

    var interruptStatus: Int32 {
        get { (opened as? ControlCPassing)?.interruptStatus ?? pendingInterruptStatus }
        set {
            pendingInterruptStatus = newValue
            (opened as? ControlCPassing)?.interruptStatus = newValue
        }
    }

    private func openIfNeeded() {
        guard opened == nil, openError == nil, let open else { return }
        self.open = nil
        do {
            let terminal = try open()
            (terminal as? ControlCPassing)?.passesControlC = pendingPassesControlC
            (terminal as? ControlCPassing)?.interruptStatus = pendingInterruptStatus
            (terminal as? LineFitting)?.preferredLines = pendingPreferredLines
            opened = terminal
        } catch {
            openError = error
        }
    }
}
