import CNCurses
import CTerminalRestore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal drawn in a few lines below the cursor, without the alternate screen, as fzf's
/// `--height` draws: what was printed above stays on screen while the app runs, and on the way
/// out the app's lines are cleared and the cursor is back where the caller left it.
///
/// ```swift
/// let terminal = try InlineTerminal(height: .lines(10))   // or .percent(40)
/// let status = Program(terminal: terminal).run(app)
/// terminal.restore()                                       // the caller's prompt, as it was
/// ```
///
/// How it draws:
/// - At start it asks the terminal where the cursor is (DSR, answered within 0.3 s or taken as
///   "not at the start of a line"). On the first column of an empty line the frame starts on
///   that line; after a prompt it starts on the next one. It then reserves its lines by moving
///   down with IND (which scrolls the screen when the cursor is near the bottom and keeps the
///   column) and back up.
/// - Frames are encoded by ``AnsiFrameEncoder`` with ``AnsiFrameEncoder/Placement/inline``:
///   the same diff of two canvases as every other frame, with relative moves only, so the lines
///   above are never written. Between frames the cursor rests on the frame's first line.
/// - The height is ``Height/lines(_:)`` or ``Height/percent(_:)`` of the terminal's lines (at
///   least `minimumLines` for a percentage, as fzf's `--min-height`), never more than the
///   terminal has: a shorter terminal gets every line of it, still drawn inline.
///
/// It keeps the same contract as ``NCursesTerminal``: raw mode (Ctrl-C, Ctrl-Z, Ctrl-S/Q are
/// keys read by `InputDecoder`), input read on a thread of its own (Ctrl-C ends a busy program
/// with status 130), bracketed paste, resizes as ``InputEvent/resize(_:)`` (the lines are
/// cleared and reserved again, the next frame drawn whole), Ctrl-Z and ``suspend(_:)`` give the
/// terminal back, and every way out (quit, Ctrl-C, SIGTERM/SIGHUP, a crash) clears the lines and
/// puts the modes and the cursor back. Frames are wrapped in synchronized output (DEC mode
/// 2026) when the terminal answers the mode query with "known", as ``NCursesTerminal`` does them.
/// Colours are written as they are (`.rgb` as 24-bit colour); `NO_COLOR` (set, not empty) leaves
/// only attributes. Blanks are erased rather than written (to a row's end, or with ECH where
/// `TERM`'s terminfo entry has `ech`; in a colour too where it has `bce`), and a ``TextAttributes/bar`` is drawn in colours where it also has
/// 256 colours, as ``NCursesTerminal`` does. Mouse reports, when asked for,
/// come with lines counted from the frame's first line (rows above it are dropped).
///
/// - Note: One terminal (this or an ``NCursesTerminal``) may be active per process: the restore
///   on signals is process-wide.
public final class InlineTerminal: Terminal, ReadsTerminalInput, LineFitting {
    /// How many lines the terminal takes.
    public enum Height: Hashable, Sendable {
        /// This many lines (at least 1).
        case lines(Int)
        /// This percentage of the terminal's lines (1–100).
        case percent(Int)
        /// The terminal's lines but this many (fzf's `--height=-N`).
        case allBut(Int)

        /// The lines taken on a terminal of `rows` lines: never more than `rows`, a percentage
        /// at least `minimumLines` (fzf's `--min-height`, 10 by default), always at least 1.
        package func lines(onTerminalOf rows: Int, minimumLines: Int = 10) -> Int {
            let wanted: Int
            switch self {
            case .lines(let n): wanted = n
            case .percent(let p): wanted = max(minimumLines, rows * p / 100)
            case .allBut(let n): wanted = rows - n
            }
            return max(1, min(rows, wanted))
        }
    }

    /// Why the terminal could not be started.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The output is not a terminal.
        case notATerminal

        /// One line, for printing to standard error.
        public var description: String {
            switch self {
            case .notATerminal: return "the output is not a terminal"
            }
        }
    }

    /// The size the app draws on: the terminal's columns by the lines taken.
    public var size: TerminalSize { TerminalSize(columns: columns, rows: lines) }

    /// The lines taken (see ``Height``).
    private(set) var lines: Int
    /// The height asked for.
    let height: Height
    /// Whether the lines taken shrink to the app's ``TerminalApp/preferredLines`` (fzf's
    /// `--height ~N`): fewer when it needs fewer, more as it needs more, up to ``height``.
    let adaptive: Bool

    /// The lines the app needs (``Program`` sets it before every frame from
    /// ``TerminalApp/preferredLines``); under `adaptive`, the lines taken follow it.
    var preferredLines: Int? {
        didSet {
            guard adaptive, preferredLines != oldValue, !isRestored else { return }
            let wanted = fittedLines()
            guard wanted != lines else { return }
            // From the frame's first line: clear, take the new number of lines, draw all again.
            lines = wanted
            write("\u{1B}[0m\r\u{1B}[J" + reserve())
            if let top = firstLine { firstLine = min(top, max(1, terminalRows - lines + 1)) }
            encoder.reset()
        }
    }
    /// The least lines a percentage takes.
    let minimumLines: Int
    /// The terminal's line (1-based) that the frame's first line is on, when the terminal told
    /// where its cursor was; nil otherwise (mouse reports are then not delivered).
    package private(set) var firstLine: Int?

    private var columns: Int
    private var terminalRows: Int
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let mouseEnabled: Bool
    private let handlesSignals: Bool
    private let noColor: Bool
    /// The reading thread, the decoder and the signal pipe (shared with ``NCursesTerminal``).
    let input: TerminalInput
    private var encoder = AnsiFrameEncoder(placement: .inline)
    private var isRestored = false
    /// Whether the frame starts on the line below the caller's cursor (saved with DECSC and
    /// put back with DECRC on the way out) rather than on the caller's own line.
    private var belowCaller: Bool
    /// Whether frames are wrapped in DEC mode 2026 (the terminal said it knows the mode).
    private var synchronizedOutput = false
    /// Bytes read with the cursor report that belong to the app (typed ahead).
    private var typedAhead: [UInt8] = []

    /// Takes `height` lines below the cursor: raw mode, bracketed paste, the input reader.
    ///
    /// - Parameters:
    ///   - height: How many lines to take.
    ///   - minimumLines: The least lines a ``Height/percent(_:)`` takes.
    ///   - adaptive: Take only the lines the app needs, up to `height` (see `adaptive`).
    ///   - mouse: Report mouse presses, releases, drags and the wheel as `.mouse` events.
    ///   - input: The descriptor to read keys from.
    ///   - output: The descriptor of the terminal to draw on.
    ///   - handleSignals: Restore on SIGINT, SIGTERM, SIGHUP, SIGQUIT and crashes (exit status
    ///     128 + the signal number), as `NCursesTerminal.installSignalHandlers()`.
    /// - Throws: ``Error/notATerminal`` when `output` is not a terminal.
    public init(
        height: Height, minimumLines: Int = 10, adaptive: Bool = false, mouse: Bool = false,
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, handleSignals: Bool = true
    ) throws {
        guard isatty(output) == 1 else { throw Error.notATerminal }
        self.height = height
        self.minimumLines = minimumLines
        self.adaptive = adaptive
        inputDescriptor = input
        outputDescriptor = output
        mouseEnabled = mouse
        handlesSignals = handleSignals
        noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        if let name = getenv("TERM") {
            let described =
                NCursesTerminal.isTmuxUnderstated(String(cString: name), output: output) ? 7 : tui_describe_terminal(name, output)
            encoder.erasesInBackgroundColour = described & 1 != 0
            encoder.barsInColour = !noColor && described & 3 == 3
            encoder.erasesCharacters = described & 4 != 0
        }
        let (rows, cols) = Self.windowSize(output)
        terminalRows = rows
        columns = cols
        // Adaptive: one line until the app says how many it needs (before its first frame).
        lines = adaptive ? 1 : height.lines(onTerminalOf: rows, minimumLines: minimumLines)
        tui_save_modes(isatty(input) == 1 ? input : output)
        Self.makeRaw(isatty(input) == 1 ? input : output)
        let cursor = Self.cursorPosition(input: input, output: output, leftover: &typedAhead)
        belowCaller = cursor.map { $0.column > 1 } ?? true
        // Reserve the lines: down with IND (scrolls at the bottom, keeps the column) and back
        // up to the caller's cursor, which no longer moves: saved there when the frame starts
        // on the next line.
        let down = (belowCaller ? 1 : 0) + lines - 1
        var setup = "\u{1B}[?25l" + String(repeating: "\u{1B}D", count: down)
        if down > 0 { setup += "\u{1B}[\(down)A" }
        setup += belowCaller ? "\u{1B}7\u{1B}D\r" : "\r"
        if let cursor {
            let top = cursor.row + (belowCaller ? 1 : 0)
            firstLine = min(top, max(1, rows - lines + 1))
        }
        if handleSignals {
            NCursesTerminal.installSignalHandlers()
            tui_install_fatal_signal_handlers()
        }
        self.input = TerminalInput(input: input, signalDescriptor: tui_install_event_signals())
        write(setup)
        armRestore()
        self.input.start()
        enableInputModes()
        // Does the terminal show a frame whole when asked to (DEC mode 2026)? Never waited for.
        write("\u{1B}[?2026$p")
    }

    deinit {
        restore()
    }

    /// Shows a frame: the cells that differ from the last one (all of them after a resize or
    /// a suspend), in the lines taken. A canvas of another size is cut or padded to ``size``.
    /// - Complexity: O(cells) to compare, plus the bytes written.
    public func present(_ canvas: Canvas) {
        guard !isRestored else { return }
        var frame = canvas.fitted(width: columns, height: lines)
        if noColor {
            for index in frame.cells.indices {
                frame.cells[index].style.foreground = .default
                frame.cells[index].style.background = .default
            }
        }
        let bytes = encoder.encode(frame)
        guard !bytes.isEmpty else { return }
        write(synchronizedOutput ? "\u{1B}[?2026h" + bytes + "\u{1B}[?2026l" : bytes)
    }

    /// The next input event, waiting at most `timeout` seconds (nil: forever, 0: poll).
    public func nextEvent(timeout: Double?) -> InputEvent? {
        guard !isRestored else { return nil }
        takeTypedAhead()
        return input.nextEvent(timeout: timeout, signals: handleSignals, translate: translate)
    }

    /// Every pending event as one batch, as ``NCursesTerminal/nextEvents(timeout:waker:)``
    /// hands them over: waits at most `timeout` (nil: forever) for the first, returns early
    /// while `waker` is pending, and nil once the input hung up and everything was handed over.
    public func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        guard !isRestored else { return nil }
        takeTypedAhead()
        return input.nextEvents(timeout: timeout, waker: waker, signals: handleSignals, translate: translate)
    }

    /// What was typed while the cursor report was awaited, decoded first.
    private func takeTypedAhead() {
        guard !typedAhead.isEmpty else { return }
        let bytes = typedAhead
        typedAhead.removeAll()
        input.feed(bytes, translate: translate)
    }

    /// Clears the lines taken, puts the cursor back where the caller left it, shows it, turns
    /// bracketed paste (and mouse reporting) off, puts the terminal modes back and stops the
    /// input reader. Idempotent; the terminal draws nothing afterwards.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        input.stop()
        tui_emergency_restore()  // the armed leaveSequence, then the saved modes
        tui_disarm_restore()
        tui_reset_event_signals()
        if handlesSignals {
            tui_reset_signal_handlers()
            tui_reset_fatal_signal_handlers()
        }
    }

    /// Gives the terminal back while `body` runs (the lines cleared, the caller's modes, nothing
    /// read), then takes lines again below wherever the cursor is then and draws the next frame
    /// whole; the next batch starts with a `.resize`.
    ///
    /// - Parameter body: Runs with the terminal given back.
    public func suspend(_ body: () -> Void) {
        guard !isRestored else { return body() }
        input.stop()
        leave()
        body()
        retake()
        input.start()
        input.queued.append(.resize(size))
    }

    // MARK: - Leaving and taking the lines again

    /// What puts everything back, from the cursor's resting place (the frame's first line).
    private var leaveSequence: String {
        var out = (mouseEnabled ? "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" : "") + "\u{1B}[?2004l"
        if synchronizedOutput { out += "\u{1B}[?2026l" }  // a frame may have been cut short
        out += "\u{1B}[0m\r\u{1B}[J"
        if belowCaller { out += "\u{1B}8" }
        return out + "\u{1B}[?7h\u{1B}[?25h"  // autowrap on: a frame may have been cut short
    }

    /// Arms the restore on signals, exit and crashes with ``leaveSequence`` and the saved modes.
    private func armRestore() {
        tui_arm_restore_bytes(leaveSequence)
    }

    /// The lines cleared, the caller's cursor and modes back (Ctrl-Z, ``suspend(_:)``).
    private func leave() {
        tui_emergency_restore()
        tui_reset_event_signals()
    }

    /// After a suspend: raw mode again, lines taken again from the cursor's line (a shell that
    /// continued us has put it on the first column of a new line), the next frame whole.
    private func retake() {
        _ = tui_install_event_signals()
        Self.makeRaw(isatty(inputDescriptor) == 1 ? inputDescriptor : outputDescriptor)
        belowCaller = false
        firstLine = nil
        (terminalRows, columns) = Self.windowSize(outputDescriptor)
        lines = fittedLines()
        write("\u{1B}[?25l\r" + reserve())
        armRestore()
        enableInputModes()
        encoder.reset()
    }

    /// The lines to take: ``height`` on this terminal, under `adaptive` no more than the app needs.
    private func fittedLines() -> Int {
        let most = height.lines(onTerminalOf: terminalRows, minimumLines: minimumLines)
        guard adaptive, let preferredLines else { return most }
        return max(1, min(most, preferredLines))
    }

    /// From the frame's first line: down and back up over the lines taken, so they exist.
    private func reserve() -> String {
        guard lines > 1 else { return "" }
        return String(repeating: "\u{1B}D", count: lines - 1) + "\u{1B}[\(lines - 1)A\r"
    }

    // MARK: - Input

    private func enableInputModes() {
        write("\u{1B}[?2004h" + (mouseEnabled ? "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" : ""))
    }

    /// Ctrl-Z suspends (and comes back as `.resize`); mouse lines become frame lines.
    private func translate(_ events: [InputEvent], modeReports: [InputDecoder.ModeReport]) -> [InputEvent] {
        for report in modeReports where report.mode == 2026 {
            synchronizedOutput = report.isSupported
            armRestore()
        }
        var result: [InputEvent] = []
        for event in events {
            switch event {
            case .key(.control("z")):
                guard mayStopJob() else { continue }
                suspendProcess(job: true)
                result.append(.resize(size))
            case .mouse(var mouse):
                guard let firstLine else { continue }
                mouse.y -= firstLine - 1
                guard mouse.y >= 0, mouse.y < lines else { continue }
                result.append(.mouse(mouse))
            default:
                result.append(event)
            }
        }
        return result
    }

    /// The next frame's lines cleared and drawn whole.
    public func redrawWholeScreen() {
        guard !isRestored else { return }
        encoder.reset()
    }

    /// Ctrl-Z (typed: the whole job stopped, as ``NCursesTerminal`` does; or SIGTSTP from
    /// outside: this process), the lines given back, the lines taken again once continued.
    private func suspendProcess(job: Bool = false) {
        input.stop()
        leave()
        if job { tui_stop_job() } else { tui_stop_self() }
        retake()
        input.start()
    }

    /// A resize: the lines cleared and taken again for the new size, the next frame whole.
    private func handleSignals(_ signals: TerminalInput.Signals) -> [InputEvent] {
        if signals.suspend {
            suspendProcess()
            return [.resize(size)]
        }
        guard signals.resized else { return [] }
        (terminalRows, columns) = Self.windowSize(outputDescriptor)
        let wanted = fittedLines()
        write("\u{1B}[0m\r\u{1B}[J")
        lines = wanted
        if let top = firstLine { firstLine = min(top, max(1, terminalRows - lines + 1)) }
        write(reserve())
        encoder.reset()
        return [.resize(size)]
    }

    // MARK: - The terminal

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(outputDescriptor, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { if errno == EINTR { continue }; break }
            done += n
        }
    }

    /// Raw mode as ``NCursesTerminal`` sets it (no signal keys, no flow control, no CR/LF
    /// translation on input); output processing stays on.
    private static func makeRaw(_ descriptor: Int32) {
        NCursesTerminal.setRawModes(descriptor)
    }

    /// Lines and columns of the terminal (24×80 when it does not say).
    private static func windowSize(_ descriptor: Int32) -> (rows: Int, columns: Int) {
        var window = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }

    /// Asks where the cursor is (DSR 6) and reads the answer `ESC [ row ; column R` for up to
    /// 0.3 s; other bytes read meanwhile (typed ahead) go to `leftover`. Nil without an answer.
    static func cursorPosition(input: Int32, output: Int32, leftover: inout [UInt8]) -> (row: Int, column: Int)? {
        let query = Array("\u{1B}[6n".utf8)
        guard query.withUnsafeBytes({ Glibc.write(output, $0.baseAddress, $0.count) }) == query.count else { return nil }
        let deadline = now() + 0.3
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while now() < deadline {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, (deadline - now()) * 1000))
            guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
            let n = read(input, &buffer, buffer.count)
            if n <= 0 { break }
            received += buffer[0 ..< n]
            if let (position, range) = parseCursorReport(received) {
                leftover += received[..<range.lowerBound]
                leftover += received[range.upperBound...]
                return position
            }
        }
        leftover += received
        return nil
    }

    /// The first `ESC [ row ; column R` in `bytes`: the position and where it lies.
    static func parseCursorReport(_ bytes: [UInt8]) -> ((row: Int, column: Int), Range<Int>)? {
        var start = 0
        while start + 1 < bytes.count {
            defer { start += 1 }
            guard bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "[") else { continue }
            var numbers = [0]
            var index = start + 2
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
                } else if byte == UInt8(ascii: ";") {
                    numbers.append(0)
                } else {
                    break
                }
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "R"), numbers.count == 2 {
                return ((numbers[0], numbers[1]), start ..< index + 1)
            }
        }
        return nil
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
