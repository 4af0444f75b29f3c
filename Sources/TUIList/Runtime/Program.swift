#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``Program`` runs: an app's state, how it takes input, and how it draws.
///
/// The model-update-view split of bubbletea, shaped for TUIList's classes: the program hands
/// the app every pending input event as one batch (``handle(_:in:)``), lets it do what is due
/// (``tick(in:)``), and asks it for the whole screen (``render(into:)``) at most once per frame.
/// The app never waits, sleeps or reads the terminal itself.
///
/// Only ``handle(_:in:)`` and ``render(into:)`` are required. Background work posts messages
/// through ``Program/mailbox``; they arrive in the same batch as the input that came with them,
/// through ``update(_:in:)`` (override it to see input and messages in one pass) or, by
/// default, ``receive(_:in:)``.
public protocol TerminalApp: AnyObject {
    /// Called once, before the first frame: set up, and take the program's clock for the
    /// app's lists (`list.animationClock = program.clock`) so tests can step time.
    func start(in program: Program)
    /// Every input event that is pending, oldest first, as one batch (never empty). An app that
    /// filters as the person types sees thirty keystrokes at once and filters once.
    func handle(_ events: [InputEvent], in program: Program)
    /// Every pending input event and posted message as one batch (never empty): input first,
    /// oldest first, then the messages ``Program/mailbox`` holds, in the order they were posted.
    /// The default hands the input to ``handle(_:in:)`` and each message to
    /// ``receive(_:in:)``, in order.
    func update(_ batch: [ProgramEvent], in program: Program)
    /// A message posted to ``Program/mailbox`` (by the default ``update(_:in:)``). The default
    /// does nothing.
    func receive(_ message: any Sendable, in program: Program)
    /// Called on every turn of the loop, before a frame is drawn: after input, when
    /// ``nextDeadline`` has come, on animation frames, and when the ``Program/waker`` was woken
    /// (background work finished). Do what is due; the default does nothing. After a deadline
    /// or a wake the program draws a frame; otherwise call ``Program/setNeedsDisplay()`` when
    /// `tick` changed what the screen shows.
    func tick(in program: Program)
    /// Draws the whole screen for the current state into `canvas` (sized to the terminal).
    func render(into canvas: inout Canvas)
    /// Whether something moves on screen: while true, the program draws frames at up to its
    /// frame rate. Usually `list.isAnimating`. Default: false.
    var isAnimating: Bool { get }
    /// The clock time (``Program/clock``) of the next thing the app wants done without input —
    /// a sort step, a message expiring, a refresh — or nil. Default: nil.
    var nextDeadline: Double? { get }
    /// Whether the app reads Ctrl-C as a key (to ask before losing unsaved work, say). While
    /// false (the default), Ctrl-C ends the program with status 130 before the app sees the
    /// batch, and at once even while the app is busy. While true, the app gets
    /// `.key(.control("c"))`; a second Ctrl-C that arrives while the app is still busy with the
    /// first ends the program all the same, so the person is never stuck. Read before every wait.
    var handlesControlC: Bool { get }
    /// Whether the app has anything to show yet. While false, the program draws nothing, so a
    /// `DeferredTerminal` stays unopened: a picker that may pick without asking (`-1`) reads
    /// its input first. Read before every frame. Default: true.
    var needsScreen: Bool { get }
    /// The lines the app needs now, for a terminal that fits its height to the app (an
    /// adaptive ``InlineTerminal``, fzf's `--height ~N`): a picker's lines read plus its chrome.
    /// Read before every frame. Default: nil (as many as the terminal has).
    var preferredLines: Int? { get }
}

extension TerminalApp {
    /// nil: the app takes the lines the terminal gives it.
    public var preferredLines: Int? { nil }
    /// Does nothing: an app that needs no setup before the first frame skips it.
    public func start(in program: Program) {}
    /// Does nothing: an app without timers or background work skips it.
    public func tick(in program: Program) {}
    /// Hands each run of input events to ``handle(_:in:)`` as one array and each message to
    /// ``receive(_:in:)``, in batch order, stopping when the program finishes.
    public func update(_ batch: [ProgramEvent], in program: Program) {
        var input: [InputEvent] = []
        for event in batch {
            switch event {
            case .input(let event):
                input.append(event)
            case .message(let message):
                if !input.isEmpty { handle(input, in: program) }
                input.removeAll()
                guard !program.isFinished else { return }
                receive(message, in: program)
            }
            guard !program.isFinished else { return }
        }
        if !input.isEmpty { handle(input, in: program) }
    }
    /// Does nothing: an app that posts no messages skips it.
    public func receive(_ message: any Sendable, in program: Program) {}
    /// `false`: the program draws only after input, a deadline or a wake.
    public var isAnimating: Bool { false }
    /// `nil`: no timer.
    public var nextDeadline: Double? { nil }
    /// `false`: Ctrl-C ends the program with status 130.
    public var handlesControlC: Bool { false }
    /// `true`: the first frame is drawn at once.
    public var needsScreen: Bool { true }
}

/// The loop every TUIList app runs on: it owns the terminal and the clock, waits for input,
/// a timer, the next animation frame or a wake, hands the app all pending events as one batch,
/// and draws at most once per frame.
///
/// ```swift
/// let terminal = try NCursesTerminal()
/// let status = Program(terminal: terminal).run(MyApp())   // until the app calls quit
/// exit(status)
/// ```
///
/// - Pacing: at most one frame per ``frameInterval`` (1/60 s): input that arrives within a
///   frame is handled at once but drawn together. While nothing animates and nothing is due,
///   the program sleeps in the terminal's wait and uses no CPU.
/// - Input is never stuck behind work: ``NCursesTerminal`` reads the terminal on a thread of
///   its own, so while the app is busy the kernel's buffer does not fill, the next batch holds
///   everything typed meanwhile, and Ctrl-C (a signal) restores the terminal and exits at once.
/// - Exit paths: ``run(_:)`` restores the terminal when the app quits or the input hangs up.
///   Ctrl-C is a key (the terminal is in raw mode, so the caller's process group gets no
///   signal): it ends the run with status 130 before the app sees its batch, unless the app
///   reads it (``TerminalApp/handlesControlC``); while the app is busy, ``NCursesTerminal``
///   ends the process at once from its input thread. SIGINT, SIGTERM, SIGHUP and SIGQUIT from
///   outside and crashes restore the terminal from the signal handler; Ctrl-Z restores it and
///   stops the whole job (the script or git that ran the program too), and `fg` redraws
///   everything; where no shell could continue the job, nothing stops and the app gets a
///   ``SuspendRefused`` message.
/// - Tests drive a program with a ``HeadlessTerminal`` whose ``HeadlessTerminal/clock`` is the
///   program's ``ManualClock``: scripted batches arrive at set times and waits advance the
///   clock, so a whole session runs in memory, frame by frame.
public final class Program {
    /// The terminal the program draws on and reads from.
    let terminal: any Terminal
    /// The program's time: frame pacing and ``TerminalApp/nextDeadline`` use it; apps give it to
    /// their lists' animations.
    public let clock: any AnimationClock
    /// Wakes the program from any thread (see ``ProgramWaker``).
    public let waker: ProgramWaker
    /// Takes messages from any thread into the app's next batch (see ``ProgramMailbox``).
    public let mailbox: ProgramMailbox
    /// Messages handed to the app so far.
    package private(set) var messagesHandled = 0
    /// The shortest time between two frames (default 1/60 s).
    public var frameInterval: Double = 1.0 / 60
    /// The status the program ends with when the input hangs up before the app quits.
    var hangUpStatus: Int32 = 129
    /// The status Ctrl-C ends the program with (unless the app reads it): 130 by default, as
    /// SIGINT's. A program that git runs as its editor uses another (1, as vim's `:cq`): git
    /// takes an editor's 130 for death by SIGINT and kills itself mid-rebase.
    public var interruptStatus: Int32 = 130
    /// The glyphs the screen's chrome is drawn with: ``GlyphSet/ascii`` turns each box line,
    /// block, arrow, dot and ellipsis of a frame into its one-column ASCII form just before the
    /// frame is shown. The default follows the environment at start
    /// (`GlyphSet.preferred(environment:)`: a locale that is not UTF-8, or `TUILIST_ASCII=1`);
    /// a test sets it to draw ASCII golden frames.
    public var glyphs: GlyphSet = .preferred(environment: Program.localeEnvironment())
    /// Frames drawn so far.
    private(set) var framesDrawn = 0
    /// Event batches handed to the app so far.
    private(set) var batchesHandled = 0
    /// The last frame drawn.
    private(set) var canvas = Canvas(width: 0, height: 0)

    /// The frame before ``canvas``: the program draws into the two in turn, so the one the
    /// terminal keeps as its last frame is never the one being drawn (no copy-on-write copy of
    /// the whole screen per frame).
    private var spare = Canvas(width: 0, height: 0)
    /// The status the run ends with, once ``quit(status:)`` was called (or Ctrl-C, or the input
    /// hung up); nil while it runs. Tests that step a program read it.
    public private(set) var exitStatus: Int32?
    private var needsDisplay = true
    private var lastFrameTime = -Double.infinity

    /// A program on `terminal`, timed by `clock`.
    public init(terminal: any Terminal, clock: any AnimationClock = SystemClock()) {
        self.terminal = terminal
        self.clock = clock
        waker = ProgramWaker()
        mailbox = ProgramMailbox(waker: waker)
    }

    /// Whether ``quit(status:)`` has been called (or the input hung up).
    public var isFinished: Bool { exitStatus != nil }

    /// The terminal's size now: the size of the canvas the next frame is drawn into (0×0 for a
    /// terminal not opened yet). An app that lays out outside `render` (how far a page
    /// scrolls, where a click landed) reads it in `handle`, where a resize also arrives as a
    /// ``InputEvent/resize(_:)`` event.
    public var size: TerminalSize { terminal.size }

    /// Runs `app` until it quits (or the input hangs up), restores the terminal, and returns
    /// the exit status.
    @discardableResult
    public func run(_ app: some TerminalApp) -> Int32 {
        start(app)
        while exitStatus == nil { step(app) }
        terminal.restore()
        return exitStatus ?? 0
    }

    /// Starts `app` and draws the first frame: the first half of ``run(_:)``, for tests that
    /// then call ``step(_:)``.
    public func start(_ app: some TerminalApp) {
        exitStatus = nil
        app.start(in: self)
        if app.needsScreen { draw(app) }
    }

    /// One turn of the loop: waits for input, the app's deadline, the next frame (while
    /// animating or after a change) or a wake; hands the app the batch; ticks; draws if a
    /// frame is due.
    public func step(_ app: some TerminalApp) {
        let now = clock.now
        var wake = app.nextDeadline
        if (app.isAnimating || needsDisplay) && app.needsScreen {
            let frame = lastFrameTime + frameInterval
            wake = min(wake ?? frame, frame)
        }
        let timeout = wake.map { max(0, $0 - now) }
        let deadline = app.nextDeadline
        let handlesControlC = app.handlesControlC
        if let terminal = terminal as? ControlCPassing {
            terminal.passesControlC = handlesControlC
            terminal.interruptStatus = interruptStatus
        }
        guard let events = terminal.nextEvents(timeout: timeout, waker: waker) else {
            if exitStatus == nil { exitStatus = hangUpStatus }
            return
        }
        if !handlesControlC && events.contains(.key(.control("c"))) {
            quit(status: interruptStatus)
            return
        }
        // Take the wake before the mailbox: a message posted after `takeAll` then leaves a wake
        // pending, so the next wait returns at once instead of leaving the message queued.
        // A wake or a deadline that came means the app has something to do: show what it did.
        if waker.consume() { needsDisplay = true }
        var messages = mailbox.takeAll()
        if let reason = (terminal as? SuspendRefusing)?.takeSuspendRefusal() {
            messages.append(SuspendRefused(reason: reason))
        }
        if !events.isEmpty || !messages.isEmpty {
            batchesHandled += 1
            messagesHandled += messages.count
            app.update(events.map(ProgramEvent.input) + messages.map(ProgramEvent.message), in: self)
            needsDisplay = true
        }
        guard exitStatus == nil else { return }
        if let deadline, clock.now + 1e-9 >= deadline { needsDisplay = true }
        app.tick(in: self)
        guard exitStatus == nil else { return }
        if (needsDisplay || app.isAnimating) && clock.now + 1e-9 >= lastFrameTime + frameInterval && app.needsScreen {
            draw(app)
        }
    }

    /// Ends ``run(_:)`` after the current batch: the terminal is restored and `run` returns
    /// `status`.
    public func quit(status: Int32 = 0) {
        if exitStatus == nil { exitStatus = status }
    }

    /// Gives the terminal back while `body` runs, then takes it again and redraws the whole
    /// screen: for running another full-screen program — `$EDITOR` on a file, a pager — from
    /// an app's ``TerminalApp/handle(_:in:)``.
    ///
    /// The terminal leaves program mode as for Ctrl-Z (``NCursesTerminal``: the cursor shown,
    /// the main screen, bracketed paste and mouse reporting off, the saved terminal modes back,
    /// its input no longer read; Ctrl-Z and resizes handled by default), `body` runs, and then
    /// everything comes back: the next frame is drawn in full, and a `.resize` event with the
    /// terminal's size (it may have changed meanwhile) comes with the next batch.
    ///
    /// ```swift
    /// let status = program.suspend { runEditor(on: path) }   // vi owns the screen meanwhile
    /// ```
    ///
    /// - Parameter body: Runs with the terminal given back; what it returns or throws is
    ///   passed on.
    /// - Returns: What `body` returned.
    /// - Complexity: O(1) besides `body`, plus one full frame afterwards.
    @discardableResult
    public func suspend<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var outcome: Result<T, E>?
        terminal.suspend { outcome = Result { () throws(E) -> T in try body() } }
        needsDisplay = true
        return try outcome!.get()
    }

    /// Asks for a frame even though no input came and nothing animates (state changed in
    /// `tick`, say). Input already implies one.
    public func setNeedsDisplay() {
        needsDisplay = true
    }

    /// Asks for a frame drawn whole, every cell written again (``Terminal/redrawWholeScreen()``):
    /// for a screen something else wrote over, as fzf's `clear-screen` or a shell's Ctrl-L.
    ///
    /// ```swift
    /// case .key(.control("l")): program.redrawWholeScreen()
    /// ```
    public func redrawWholeScreen() {
        terminal.redrawWholeScreen()
        needsDisplay = true
    }

    private func draw(_ app: some TerminalApp) {
        swap(&canvas, &spare)
        (terminal as? LineFitting)?.preferredLines = app.preferredLines
        let size = terminal.size
        if canvas.width != size.columns || canvas.height != size.rows {
            canvas = Canvas(width: size.columns, height: size.rows)
        } else {
            canvas.clear()
        }
        app.render(into: &canvas)
        if glyphs == .ascii { canvas.useASCIIGlyphs() }
        terminal.present(canvas)
        lastFrameTime = clock.now
        needsDisplay = false
        framesDrawn += 1
    }
}

extension Program {
    /// The variables `GlyphSet.preferred(environment:)` reads, from this process's environment.
    static func localeEnvironment() -> [String: String] {
        var variables: [String: String] = [:]
        for name in ["TUILIST_ASCII", "LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name) { variables[name] = String(cString: value) }
        }
        return variables
    }
}
