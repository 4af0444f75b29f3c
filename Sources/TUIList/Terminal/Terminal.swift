/// Where frames go and input comes from.
///
/// Backends implement it: `NCursesTerminal` (a real terminal through ncursesw), `InlineTerminal`
/// (lines below the cursor) and `HeadlessTerminal` (memory only, for tests and replays).
/// Callers render a whole frame into a `Canvas` and hand it over; the backend works out what
/// changed (with the one frame diff, `Canvas.forEachChangedRun`).
///
/// ```swift
/// let terminal: Terminal = HeadlessTerminal(columns: 80, rows: 24)
/// var canvas = Canvas(width: terminal.size.columns, height: terminal.size.rows)
/// canvas.draw("hello", x: 0, y: 0)
/// terminal.present(canvas)
/// ```
public protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: TerminalSize { get }
    /// Shows a frame; writes only cells that differ from the last presented frame (after a resize: all).
    func present(_ canvas: Canvas)
    /// The next input event, waiting at most `timeout` seconds (nil: wait forever, 0: poll). nil when none.
    func nextEvent(timeout: Double?) -> InputEvent?
    /// Every pending input event as one batch: waits at most `timeout` seconds (nil: forever)
    /// for the first, returns early (possibly empty) while `waker` is pending (the caller
    /// consumes the wake), and returns nil
    /// when no input will ever come again (the input hung up, or a script ran out).
    ///
    /// A default implementation builds on `nextEvent(timeout:)`, checking the waker every
    /// 10 ms; backends that can wait on the waker's descriptor do better.
    func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]?
    /// Puts the terminal back as it was (idempotent).
    func restore()
    /// Gives the terminal back while `body` runs — in its own modes, on the main screen, with
    /// nothing read from it — so another program (an editor, a pager) can use it, then takes
    /// it again; the next frame is drawn in full. Apps call ``Program/suspend(_:)``.
    ///
    /// - Parameter body: Runs with the terminal given back.
    func suspend(_ body: () -> Void)
    /// Draws the next frame whole, every cell written again, whatever the terminal is thought
    /// to show: for a screen another program wrote over (fzf's `clear-screen`, Ctrl-L in a
    /// shell). Apps call ``Program/redrawWholeScreen()``.
    func redrawWholeScreen()
}

extension Terminal {
    /// Nothing: a terminal in memory shows what it was given.
    public func redrawWholeScreen() {}

    /// Runs `body`: a terminal with nothing to give back (one in memory) has nothing to do.
    ///
    /// - Parameter body: Runs at once.
    public func suspend(_ body: () -> Void) {
        body()
    }

    /// The batch built on ``nextEvent(timeout:)``: waits up to `timeout` for a first event,
    /// checking `waker` every 10 ms, then takes every event already pending without waiting.
    ///
    /// - Returns: the events (empty when the wait timed out or `waker` was woken), or `nil` when
    ///   no input will ever come again.
    public func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            if waker?.isPending == true { return [] }
            let elapsed = start.duration(to: clock.now).components
            let remaining = timeout.map { $0 - (Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18) }
            if let first = nextEvent(timeout: min(remaining ?? 0.01, 0.01)) {
                var batch = [first]
                while let more = nextEvent(timeout: 0) { batch.append(more) }
                return batch
            }
            if let remaining, remaining <= 0.01 { return [] }
        }
    }
}

/// A terminal whose height follows the app's ``TerminalApp/preferredLines`` (``InlineTerminal``,
/// and `DeferredTerminal` on its behalf).
protocol LineFitting: AnyObject {
    /// The lines the app needs, set before every frame.
    var preferredLines: Int? { get set }
}

/// A terminal that takes Ctrl-Z itself and may refuse to stop (``NCursesTerminal``,
/// ``InlineTerminal``, and `DeferredTerminal` on their behalf); ``Program`` hands the reason to
/// the app as a ``SuspendRefused`` message.
protocol SuspendRefusing: AnyObject {
    /// Why the last Ctrl-Z stopped nothing (no shell could have continued the job), once: nil
    /// afterwards, and when every Ctrl-Z stopped the job.
    func takeSuspendRefusal() -> String?
}

/// A terminal whose input reader can end a busy program on Ctrl-C by itself
/// (``NCursesTerminal``, ``InlineTerminal``); ``Program`` tells it whether the app reads
/// Ctrl-C as a key.
protocol ControlCPassing: AnyObject {
    /// Whether Ctrl-C reaches the app as a key (a second one still ends the program).
    var passesControlC: Bool { get set }
    /// The status Ctrl-C ends the program with when the reader ends it.
    var interruptStatus: Int32 { get set }
}
