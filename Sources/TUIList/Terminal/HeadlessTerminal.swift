/// A terminal in memory: for tests, golden frames and headless replays.
///
/// It keeps the last presented frame (every frame when made `keepingFrames`), counts the cells
/// each frame changes (what a real terminal backend would write), and returns scripted input
/// in order.
///
/// ```swift
/// let terminal = HeadlessTerminal(columns: 20, rows: 3)
/// terminal.enqueue([.key(.down), .key(.character("q"))])
/// var canvas = Canvas(width: 20, height: 3)
/// canvas.draw("hello", x: 0, y: 0)
/// terminal.present(canvas)
/// terminal.lines[0]                 // "hello               "
/// terminal.nextEvent(timeout: 0)    // .key(.down)
/// ```
///
/// When the script runs out, the terminal waits for the test's next input, as a real one waits
/// for the user's next key: a wait with no timeout returns an empty batch at once and sets
/// `isWaitingForInput`, so ``Program/step(_:)`` returns and the test decides what comes next
/// (more input, time passing on its ``ManualClock``, or the end). The input ends, and the
/// program hangs up, only when the test says so with ``endInput()`` — until then
/// ``Program/run(_:)`` on a headless terminal returns only when the app quits:
///
/// ```swift
/// terminal.enqueue([.key(.down)])
/// terminal.endInput()               // after the down key, the program hangs up
/// Program(terminal: terminal).run(app)
/// ```
public final class HeadlessTerminal: Terminal {
    /// The size frames are shown at. Setting it directly does not enqueue an event; `resize`
    /// does.
    public var size: TerminalSize
    /// The last presented frame, cut or padded to `size` as a terminal would show it.
    public private(set) var frame: Canvas
    /// The last frame's text, line by line.
    public var lines: [String] { frame.lines }
    /// Cells the last `present` wrote: those that differ from the frame before; all of them for
    /// the first frame and after a size change.
    public private(set) var cellsWrittenLastFrame: Int = 0
    /// Cells written by all frames so far.
    private(set) var cellsWrittenTotal: Int = 0
    /// The number of frames presented.
    package private(set) var framesPresented: Int = 0
    /// Whether every presented frame is kept in ``frames`` (for assertions on the frames of an
    /// animation, not only the last); off by default, as a long replay would keep them all.
    /// Apps set it once, with ``init(columns:rows:keepingFrames:)``.
    package var keepsFrames = false
    /// Every frame presented while frames were kept (``init(columns:rows:keepingFrames:)``),
    /// oldest first, as shown (fitted to ``size``).
    public private(set) var frames: [Canvas] = []
    /// The text of ``frames``, frame by frame and line by line.
    public var frameLines: [[String]] { frames.map(\.lines) }
    /// True once `restore()` has been called.
    package private(set) var isRestored = false
    /// True once ``endInput()`` has been called: when the script runs out, a wait with no
    /// timeout returns nil (the input hung up).
    package private(set) var inputHasEnded = false
    /// True when the last ``nextEvents(timeout:waker:)`` found no input pending or scheduled,
    /// no wake and no timeout, and returned an empty batch where a real terminal would wait for
    /// the user: the program waits for the test's next input. False after any other wait.
    package private(set) var isWaitingForInput = false
    private var events: [InputEvent] = []
    private var nextEventIndex = 0
    /// Batches that become available at a clock time, in time order.
    private var scheduled: [(time: Double, events: [InputEvent])] = []
    /// When set, waiting advances this clock, as a real wait would let time pass: a wait for
    /// `t` seconds with no input moves it by `t`, and a scheduled batch moves it to its time.
    /// Without it, time stands still and waits return at once.
    public var clock: ManualClock?

    /// A blank terminal of the given size (negative counts as 0).
    /// - Parameters:
    ///   - columns: The width.
    ///   - rows: The height.
    ///   - keepingFrames: Whether to keep every frame presented (``frames``).
    public init(columns: Int, rows: Int, keepingFrames: Bool = false) {
        size = TerminalSize(columns: Swift.max(0, columns), rows: Swift.max(0, rows))
        frame = Canvas(width: size.columns, height: size.rows)
        keepsFrames = keepingFrames
    }

    /// Where the last frame put the terminal's cursor (``Canvas/cursor``): the selected row's
    /// first cell, or nil.
    public var cursor: CanvasPoint? { frame.cursor }

    /// Shows `canvas`, cut or padded to `size`, and counts the cells that changed.
    /// - Complexity: O(`size.columns * size.rows`).
    public func present(_ canvas: Canvas) {
        let next = canvas.fitted(width: size.columns, height: size.rows)
        let written = framesPresented == 0 || fullRedrawNext ? next.width * next.height : next.changedCells(since: frame)
        fullRedrawNext = false
        frame = next
        if keepsFrames { frames.append(next) }
        cellsWrittenLastFrame = written
        cellsWrittenTotal += written
        framesPresented += 1
    }

    /// The next scripted event, or nil when none is left. Never waits.
    public func nextEvent(timeout: Double?) -> InputEvent? {
        guard nextEventIndex < events.count else { return nil }
        defer {
            nextEventIndex += 1
            if nextEventIndex == events.count {
                events.removeAll(keepingCapacity: true)
                nextEventIndex = 0
            }
        }
        return events[nextEventIndex]
    }

    /// Every event that is pending, as one batch (what `enqueue` added, and scheduled batches
    /// whose time has come); else waits as the ``clock`` allows: up to the next scheduled batch
    /// or for `timeout`, advancing the clock. Returns early while `waker` is pending (the
    /// caller consumes it). When nothing is pending or scheduled and `timeout` is nil, returns
    /// an empty batch and sets `isWaitingForInput` (the test's next input is awaited), or nil
    /// once ``endInput()`` has been called (no input will ever come).
    public func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        isWaitingForInput = false
        var batch = Array(events[nextEventIndex...])
        events.removeAll(keepingCapacity: true)
        nextEventIndex = 0
        let now = clock?.now ?? 0
        while let first = scheduled.first, first.time <= now {
            batch += first.events
            scheduled.removeFirst()
        }
        if !batch.isEmpty { return batch }
        if waker?.isPending == true { return [] }
        let until = timeout.map { now + max(0, $0) }
        if let next = scheduled.first, until.map({ next.time <= $0 }) ?? true {
            if let clock, next.time > clock.now { clock.advance(by: next.time - clock.now) }
            scheduled.removeFirst()
            return next.events
        }
        guard let until else {
            if inputHasEnded { return nil }
            isWaitingForInput = true
            return []
        }
        if let clock, until > clock.now { clock.advance(by: until - clock.now) }
        return []
    }

    /// Scripted input that arrives at clock time `time`, as one batch (see ``clock``).
    public func schedule(_ events: [InputEvent], at time: Double) {
        // After the last event at or before `time` (searched from the end: a script scheduled
        // in time order appends in O(1), where searching from the start made it quadratic).
        let index = scheduled.lastIndex { $0.time <= time }.map { $0 + 1 } ?? 0
        scheduled.insert((time, events), at: index)
    }

    /// Scripted input, returned in order by `nextEvent`.
    package func enqueue(_ events: [InputEvent]) {
        self.events.append(contentsOf: events)
    }

    /// Says that the input ends once what is enqueued and scheduled has been read, as a closed
    /// standard input: from then on, a wait with no timeout and nothing left returns nil and the
    /// program hangs up.
    public func endInput() {
        inputHasEnded = true
    }

    /// The number of scripted events not yet returned.
    package var pendingEventCount: Int { events.count - nextEventIndex }

    /// Changes the size and enqueues `.resize` with it; the next frame counts as a full redraw.
    public func resize(columns: Int, rows: Int) {
        size = TerminalSize(columns: Swift.max(0, columns), rows: Swift.max(0, rows))
        enqueue([.resize(size)])
    }

    /// Records that the terminal was restored; nothing else to do in memory.
    public func restore() {
        isRestored = true
    }

    /// How many times ``suspend(_:)`` gave the terminal back.
    package private(set) var suspensions = 0

    /// Runs `body` as a real terminal would while given back: counts it, and makes the next
    /// frame a full redraw (every cell counted as written).
    ///
    /// - Parameter body: Runs at once.
    public func suspend(_ body: () -> Void) {
        suspensions += 1
        body()
        fullRedrawNext = true
    }

    private var fullRedrawNext = false

    /// Counts the next frame as a full redraw (every cell written), as a real terminal draws it.
    public func redrawWholeScreen() {
        fullRedrawNext = true
    }
}
