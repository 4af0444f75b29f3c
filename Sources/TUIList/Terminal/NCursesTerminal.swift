import CNCurses
import CTerminalRestore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real terminal through ncursesw.
///
/// `present(_:)` compares the canvas with the last presented one and writes the changed runs
/// of cells into ncurses' virtual screen (`stdscr`), then `wnoutrefresh` + `doupdate`; ncurses
/// works out the bytes to send. Because `stdscr` always holds the whole current frame and
/// `idlok` is on, ncurses notices content that moved up or down by whole lines and scrolls the
/// terminal instead of rewriting those lines.
///
/// ```swift
/// NCursesTerminal.installSignalHandlers()      // optional: init installs them by default
/// let terminal = try NCursesTerminal(mouse: true)
/// defer { terminal.restore() }
/// var canvas = Canvas(width: terminal.size.columns, height: terminal.size.rows)
/// canvas.draw("Press q", x: 0, y: 0, style: Style(foreground: .cyan, attributes: .bold))
/// terminal.present(canvas)
/// while let event = terminal.nextEvent(timeout: nil), event != .key(.character("q")) {}
/// ```
///
/// Apps usually run it through a ``Program`` instead of calling `nextEvent` themselves.
///
/// Input:
/// - Keys are decoded by TUIList's own `InputDecoder`, not by ncurses: terminfo lists only
///   the sequences of the terminal `TERM` names, and a terminal that sends others (common
///   inside tmux with `TERM=xterm-256color`) would otherwise deliver Escape plus characters.
///   A lone Escape is reported 25 ms after it arrives, when nothing followed it.
/// - The terminal is in raw mode: Ctrl-C, Ctrl-Z, Ctrl-\\, Ctrl-S, Ctrl-Q and Ctrl-J are keys,
///   read by the decoder; the kernel sends no signal for them and nothing freezes the screen.
///   Ctrl-C never reaches the caller's process group (the script that ran the program, or git
///   running it as its editor); Ctrl-Z stops that group on purpose, as a shell's Ctrl-Z does.
/// - A thread of its own reads the input into a queue while the app works, so the kernel's
///   tty buffer never fills and Ctrl-C always gets through. Ctrl-C ends the program with
///   status 130: through the program loop when it is idle, and at once from the reading thread
///   when the loop has not taken it within a quarter of a second (the app is busy). An app that
///   takes Ctrl-C as a key (``TerminalApp/handlesControlC``) gets it, and a second Ctrl-C
///   before the loop took the first still ends the program at once.
/// - Bracketed paste is on: a paste arrives as one ``InputEvent/paste(_:)``.
/// - Resizes (SIGWINCH) arrive as ``InputEvent/resize(_:)``. Ctrl-Z restores the terminal and
///   stops the whole job, as vim does (SIGTSTP to the process group: git or the script that ran
///   us stops too, and the shell takes the terminal back); when it is continued (`fg`) the
///   screen comes back and a `.resize` event asks for a full frame. Where no shell could
///   continue the job (an orphaned process group: `setsid`, a tmux pane's own command), Ctrl-Z
///   stops nothing and the app gets a ``SuspendRefused`` message saying why. SIGTSTP sent to
///   this process from outside stops this process alone.
///
/// Output:
/// - Frames are wrapped in synchronized output (DEC mode 2026) when the terminal answers the
///   mode query at start with "known": kitty, WezTerm, foot, iTerm2, Windows Terminal,
///   Alacritty and tmux 3.4+ then show each frame whole. Nothing waits for the answer.
/// - On every way out (the app quits, Ctrl-C, SIGTERM, SIGHUP, a crash: SIGSEGV, SIGBUS,
///   SIGILL, SIGTRAP, SIGABRT, SIGFPE) the terminal modes, the cursor and the main screen come
///   back, and the cursor returns to where the caller left it (after its prompt). A crash then
///   goes on to the handler installed before (Swift's backtrace, a core dump).
///
/// Terminal handling:
/// - The locale comes from the environment (`setlocale(LC_ALL, "")`); when its character set is
///   not UTF-8, LC_CTYPE falls back to `C.UTF-8` so wide characters still work.
/// - Any `TERM` works. One this machine's terminfo lacks (`xterm-ghostty`, `wezterm` over SSH),
///   an unset one, or one that cannot address the cursor (`dumb`, where fzf draws as usual
///   too) is drawn as xterm-256color: the machine's own entry, else a built-in copy of it (a
///   minimal container has none; `terminalDescription` says which). That class is what
///   terminals in use today speak: colours, the alternate screen, the mouse, bracketed paste.
///   The programs the app runs keep the caller's `TERM`. Inside tmux (`TERM` tmux-256color, or
///   screen-256color with `TMUX` set) ncurses draws with xterm-256color's description too:
///   tmux understands it, and it says what those entries leave out, that tmux erases in the
///   background colour (`bce`) and with ECH.
/// - Colours: `.rgb` maps to the nearest xterm-256 colour on 256-colour terminals, everything to
///   the nearest of 8 (or 16) on smaller ones; on a monochrome terminal or when `NO_COLOR` is set
///   (and not empty) only attributes are shown.
/// - Every grapheme cluster reaches the terminal whole, at the width `TerminalText` counts. A
///   cell of ncurses (`cchar_t`) holds one spacing character and a few zero-width ones, and
///   `wcwidth` measures scalars, not clusters: so a cluster ncurses cannot hold as it is — an
///   emoji ZWJ sequence (`👨‍👩‍👧`), a flag, a skin tone, an emoji whose presentation selector
///   changes its width (`❤️`, `⌚︎`), more marks than a `cchar_t` takes — goes into ncurses'
///   screen as a stand-in of the same width (its first character, or a blank, padded with a
///   blank), and once `doupdate` has drawn, its own bytes are written over the stand-in at its
///   place (see ``present(_:)``). ncurses' idea of the screen (the stand-in's width) and of the
///   cursor and attributes (saved and restored around the writes) stays true, so its next
///   updates land where it thinks. A terminal may draw a cluster wider than we count (tmux
///   3.3 draws `👍🏽` as 4 columns): autowrap is off while the clusters are written, so none
///   is pushed into the next row, and the few cells after each are written again, so the row's
///   text stays in place (the cluster loses its excess).
///
/// - Note: One `NCursesTerminal` may be active per process (ncurses keeps global state).
public final class NCursesTerminal: Terminal, ReadsTerminalInput {
    /// Why a terminal could not be started.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// No description could be started: `TERM` (the associated name) is not usable and the
        /// built-in xterm-256color could not be written to any temporary folder either (or this
        /// ncurses, older than 6.1, cannot read it).
        case unusableTerminal(String)
        /// The output is not a terminal.
        case notATerminal
        /// Another `NCursesTerminal` is active and has not been restored.
        case alreadyActive

        /// One line, for printing to standard error.
        public var description: String {
            switch self {
            case .unusableTerminal(let name):
                return "cannot use terminal type '\(name)', nor the built-in xterm-256color (no temporary folder could take it)"
            case .notATerminal:
                return "standard output is not a terminal"
            case .alreadyActive:
                return "another NCursesTerminal is already active in this process"
            }
        }
    }

    /// How colours are shown.
    enum ColorMode: Hashable, Sendable {
        /// Attributes only (monochrome terminal or `NO_COLOR`).
        case none
        /// The terminal's palette of this many colours (8, 16, 256, ...).
        case palette(Int)
    }

    /// The current size in cells.
    public var size: TerminalSize {
        var rows: Int32 = 0
        var columns: Int32 = 0
        tui_getmaxyx(tui_stdscr(), &rows, &columns)
        return TerminalSize(columns: Int(max(0, columns)), rows: Int(max(0, rows)))
    }

    /// How colours are shown, decided at start.
    let colorMode: ColorMode
    /// Cells written into ncurses' virtual screen by the last `present` (continuations excluded).
    package private(set) var cellsWrittenLastFrame = 0

    /// Whether a terminal is open: ncurses holds one screen per process. Atomic, as any thread
    /// may open one.
    private static let isActive = Atomic<Bool>(false)
    /// Set by a test of colours in a process whose `NO_COLOR` is set (`swift test` sets it
    /// when its output is no terminal): terminals started meanwhile draw colours.
    package static let ignoresNoColor = Atomic<Bool>(false)

    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>?
    private let inputFile: UnsafeMutablePointer<FILE>?
    private let mouseEnabled: Bool
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    /// The reading thread, the decoder and the signal pipe (shared with ``InlineTerminal``).
    let input: TerminalInput
    private let handlesSignals: Bool
    private var usesDefaultColors = false
    /// Whether ``TextAttributes/bar`` is drawn in colours (256 or more, and `bce`) rather than
    /// in reverse video.
    private var drawsBarsInColour = false
    private var lastFrame: Canvas?
    private var needsFullRedraw = true
    private var isRestored = false
    private var pairs: [Int: Int32] = [:]
    private var nextPair: Int32 = 1
    private var styleCache: [Style: (attr_t, Int32)] = [:]
    private var cellBuffer: [cchar_t] = []
    /// The cells of this frame written after `doupdate`: clusters ncurses holds as a stand-in,
    /// and cells that replace one.
    private var wholeClusters: [(x: Int, y: Int, cell: CanvasCell)] = []
    /// The cells (`y * width + x`) on screen whose cluster was written over a stand-in. ncurses
    /// thinks they hold the stand-in, so what replaces one is written after `doupdate` too:
    /// ncurses sees no change when the new text is the stand-in itself (a blank over `⌚︎`).
    private var overWritten: Set<Int> = []
    /// Whether the cursor rests on the frame's ``Canvas/cursor``, away from where ncurses left
    /// it (saved with DECSC, put back before ncurses draws again).
    private var cursorParked = false
    /// Whether the cursor is parked on the frame's ``Canvas/cursor`` at all: not on a terminal
    /// ncurses believes wraps at once after a last column (`am` without `xenl`: `TERM=ansi`,
    /// `cygwin`), where the terminal under it (tmux, xterm) defers the wrap and ncurses' next
    /// moves already miss by a line; the cursor is left where ncurses puts it there.
    private lazy var parksCursor = tui_wraps_lazily() != 0
    /// Whether frames are wrapped in DEC mode 2026 (the terminal said it knows the mode).
    private var synchronizedOutput = false

    /// Starts ncurses on the terminal: cbreak, no echo, keypad transmit mode, invisible cursor,
    /// alternate screen, bracketed paste, colours when available; and the input reader.
    ///
    /// - Parameters:
    ///   - mouse: Report mouse presses, releases, drags and the wheel as `.mouse` events.
    ///   - terminalType: The terminfo name; nil reads `TERM`.
    ///   - input: The descriptor to read keys from.
    ///   - output: The descriptor of the terminal to draw on.
    ///   - handleSignals: Install `installSignalHandlers()` (SIGINT, SIGTERM, SIGHUP, SIGQUIT
    ///     restore the terminal and exit with 128 + signal number).
    /// - Throws: `NCursesTerminal.Error` when the output is not a terminal, no description at
    ///   all can be started, or another terminal is active.
    public init(
        mouse: Bool = false, terminalType: String? = nil,
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        handleSignals: Bool = true
    ) throws {
        guard !NCursesTerminal.isActive.load(ordering: .sequentiallyConsistent) else { throw Error.alreadyActive }
        guard isatty(output) == 1 else { throw Error.notATerminal }
        setlocale(LC_ALL, "")
        if tui_locale_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        let name = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        tui_save_modes(output)
        // Before the alternate screen starts: where the caller's cursor is (after a prompt
        // printed with no line break, say), so the exit puts it back there.
        tui_save_cursor(output)
        var outFile: UnsafeMutablePointer<FILE>?
        var inFile: UnsafeMutablePointer<FILE>?
        var description = name
        var started: OpaquePointer? = nil
        if terminalType == nil, NCursesTerminal.isTmuxUnderstated(name, output: output) {
            description = "xterm-256color (inside tmux, for \(name))"
            started = NCursesTerminal.start("xterm-256color", output, input, &outFile, &inFile)
        }
        if started == nil {
            description = name
            started = name.isEmpty ? nil : NCursesTerminal.start(name, output, input, &outFile, &inFile)
        }
        if started == nil {
            description = "xterm-256color"
            started = NCursesTerminal.start(description, output, input, &outFile, &inFile)
        }
        if started == nil {
            description = "xterm-256color (built in)"
            started = NCursesTerminal.startBuiltIn(output, input, &outFile, &inFile)
        }
        guard let screen = started else { throw Error.unusableTerminal(name.isEmpty ? "(TERM not set)" : name) }
        terminalDescription = description
        self.screen = screen
        outputFile = outFile
        inputFile = inFile
        inputDescriptor = input
        outputDescriptor = output
        handlesSignals = handleSignals
        NCursesTerminal.isActive.store(true, ordering: .sequentiallyConsistent)

        raw()
        noecho()
        nonl()
        NCursesTerminal.makeRaw(input: input, output: output)
        let window = tui_stdscr()
        // Keypad transmit mode makes terminals send what terminfo lists; our decoder reads
        // both forms, and ncurses itself never reads the input.
        keypad(window, true)
        typeahead(-1)
        idlok(window, true)
        leaveok(window, true)
        curs_set(0)
        let noColor =
            !NCursesTerminal.ignoresNoColor.load(ordering: .relaxed) && (getenv("NO_COLOR").map { $0.pointee != 0 } ?? false)
        if has_colors() && !noColor {
            start_color()
            usesDefaultColors = use_default_colors() == OK
            colorMode = .palette(Int(tui_colors()))
            drawsBarsInColour = tui_colors() >= 256 && tui_erases_in_background_colour() != 0
        } else {
            colorMode = .none
        }
        mouseEnabled = mouse && tui_terminal_has_mouse() != 0
        tui_arm_restore(mouseEnabled ? 1 : 0)
        if handleSignals {
            NCursesTerminal.installSignalHandlers()
            tui_install_fatal_signal_handlers()
        }
        self.input = TerminalInput(input: input, signalDescriptor: tui_install_event_signals())
        self.input.start()
        enableInputModes()
        // Does the terminal draw a frame at once when asked to (DEC mode 2026)? The answer
        // comes back as input, whenever it comes; a terminal that does not answer is never
        // waited for, its frames are simply not wrapped.
        writeControl("\u{1B}[?2026$p")
    }

    /// The terminfo description drawn with: `TERM`'s own; where `TERM` names none this machine
    /// has, is unset, or cannot address the cursor, `xterm-256color` (the machine's), or
    /// `xterm-256color (built in)` where the machine has no such entry either.
    package let terminalDescription: String

    /// Whether `name` is a description tmux gives its panes (`tmux-256color`, also over SSH
    /// from a pane; `screen-256color` where `TMUX` is set, as GNU screen uses it too), with 256
    /// colours and without `bce` or `ech`: tmux erases in the current background colour and
    /// knows ECH as xterm does, and those entries leave both out (GNU screen's habits). Drawn
    /// as xterm-256color there, a selection bar's blank end is erased, not written
    /// (``TextAttributes/bar``).
    static func isTmuxUnderstated(_ name: String, output: Int32) -> Bool {
        guard name.hasPrefix("tmux") || (name.hasPrefix("screen") && getenv("TMUX") != nil) else { return false }
        return name.withCString { tui_describe_terminal($0, output) } & 3 == 2
    }

    /// ncurses started on `type`, or nil when this machine's terminfo has no such entry or it
    /// cannot address the cursor (`dumb`), ncurses then ended again.
    private static func start(
        _ type: String, _ output: Int32, _ input: Int32,
        _ outFile: inout UnsafeMutablePointer<FILE>?, _ inFile: inout UnsafeMutablePointer<FILE>?
    ) -> OpaquePointer? {
        guard let screen = type.withCString({ tui_newterm($0, output, input, &outFile, &inFile) }) else { return nil }
        guard tui_has_cursor_addressing() != 0 else {
            endwin()
            delscreen(screen)
            tui_fclose(outFile)
            tui_fclose(inFile)
            outFile = nil
            inFile = nil
            return nil
        }
        return screen
    }

    /// ncurses started on the built-in xterm-256color entry (`tui_write_builtin_terminfo`):
    /// written into a private folder in `base` (nil: the first of TMPDIR, /tmp, /dev/shm,
    /// /var/tmp, XDG_RUNTIME_DIR that takes it), read through `TERMINFO` (put back at once, so
    /// the app's children see the caller's), the folder removed.
    ///
    /// - Note: `TERMINFO` is set in this process's environment for the moment ncurses reads
    ///   it. Only a machine without an xterm-256color entry of its own comes here, and a
    ///   program that starts its terminal after other threads run (`DeferredTerminal`) should
    ///   not be reading or changing the environment on them meanwhile.
    static func startBuiltIn(
        _ output: Int32, _ input: Int32,
        _ outFile: inout UnsafeMutablePointer<FILE>?, _ inFile: inout UnsafeMutablePointer<FILE>?,
        in base: String? = nil
    ) -> OpaquePointer? {
        var folder = [CChar](repeating: 0, count: 4096)
        let written =
            base.map { tui_write_builtin_terminfo($0, &folder, folder.count) }
            ?? tui_write_builtin_terminfo(nil, &folder, folder.count)
        guard written == 0 else { return nil }
        defer { tui_remove_builtin_terminfo(folder) }
        let saved = getenv("TERMINFO").map { String(cString: $0) }
        setenv("TERMINFO", folder, 1)
        defer {
            if let saved { setenv("TERMINFO", saved, 1) } else { unsetenv("TERMINFO") }
        }
        return start("xterm-256color", output, input, &outFile, &inFile)
    }

    /// Raw input, as fzf, bubbletea and crossterm set it: no signal keys (ISIG: Ctrl-C, Ctrl-Z
    /// and Ctrl-\\ are keys the decoder reads, so the kernel sends the caller's process group
    /// nothing — a script that ran us, or git running us as its editor; Ctrl-Z then stops the
    /// group itself, ``ReadsTerminalInput/mayStopJob()``), no flow control (IXON:
    /// Ctrl-S and Ctrl-Q are keys), no CR/LF translation (ICRNL: Enter is CR, Ctrl-J is LF), no
    /// literal-next (IEXTEN: Ctrl-V). ncurses' `raw()` leaves some of these to the platform, so
    /// they are cleared here, and ncurses is told this is its program mode (`def_prog_mode`),
    /// which it puts back after Ctrl-Z or ``suspend(_:)``.
    private static func makeRaw(input: Int32, output: Int32) {
        guard setRawModes(isatty(input) == 1 ? input : output) else { return }
        def_prog_mode()
    }

    /// Raw mode on `descriptor`, the one definition both live backends use: no signal keys, no
    /// flow control, no CR/LF translation on input, one byte a read; output processing stays on.
    /// - Returns: Whether the modes could be read (nothing is set otherwise).
    @discardableResult
    static func setRawModes(_ descriptor: Int32) -> Bool {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return false }
        modes.c_iflag &= ~tcflag_t(IXON | IXOFF | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT | PARMRK)
        modes.c_lflag &= ~tcflag_t(ISIG | ICANON | IEXTEN | ECHO | ECHONL)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(descriptor, TCSANOW, &modes)
        return true
    }

    deinit {
        restore()
    }

    /// Makes SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal (modes, cursor, main
    /// screen, mouse reporting off) and exit with 128 + the signal number (130, 143, 129, 131),
    /// and registers an `atexit` handler that restores a terminal left active at exit.
    ///
    /// - Note: The handler is async-signal-safe: it does not call `endwin` (which uses stdio and
    ///   ncurses state a signal may have interrupted) but writes escape sequences prepared at
    ///   start (`sgr0`, `cnorm`, `rmkx`, `rmcup`) with `write` and puts back the saved terminal
    ///   modes with `tcsetattr`, then calls `_exit`.
    static func installSignalHandlers() {
        tui_install_signal_handlers()
    }

    /// Shows a frame: writes the runs of cells that differ from the last presented frame (all
    /// of them after a resize) into `stdscr`, then updates the terminal; then writes the
    /// clusters ncurses holds as stand-ins among those cells (see the type's comment) at their
    /// places, between a save and a restore of the cursor (DECSC, DECRC) with autowrap off.
    /// A canvas of another size is cut or padded to the terminal's size.
    /// - Complexity: O(`size.columns * size.rows`) to compare, plus the cells written.
    public func present(_ canvas: Canvas) {
        guard !isRestored else { return }
        let current = size
        // (The bar in its colours first, then a gap between two styled spans in the first's
        // attributes: fewer changes on the wire.)
        // (Not where ncurses has no default colours: a coloured style then gets a black
        // background that a plain blank does not have.)
        let fitted = canvas.fitted(width: current.columns, height: current.rows)
        let coloured = drawsBarsInColour ? fitted.withBarsInColour() : fitted
        let joins: Bool
        if case .palette = colorMode { joins = usesDefaultColors } else { joins = true }
        let frame = joins ? coloured.joiningBlankStyles() : coloured
        let previous =
            needsFullRedraw ? nil : lastFrame.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        var written = 0
        wholeClusters.removeAll(keepingCapacity: true)
        if previous == nil { overWritten.removeAll() }
        // The frame diff every backend uses; gaps of up to 3 unchanged cells are written along.
        frame.forEachChangedRun(since: previous, joiningGapsUpTo: 3) { run in
            written += writeRun(frame, y: run.y, columns: run.columns)
        }
        wnoutrefresh(tui_stdscr())
        // Synchronized output: the terminal shows the frame once it is whole, so an animation
        // frame never tears. ncurses has sent everything it buffered once doupdate returns.
        if synchronizedOutput { writeControl("\u{1B}[?2026h") }
        unparkCursor()
        doupdate()
        if !wholeClusters.isEmpty { writeWholeClusters(of: frame) }
        if let cursor = frame.cursor, parksCursor { park(at: cursor) }
        if synchronizedOutput { writeControl("\u{1B}[?2026l") }
        lastFrame = frame
        needsFullRedraw = false
        cellsWrittenLastFrame = written
    }

    /// The next input event, waiting at most `timeout` seconds (nil: forever, 0: poll). Nil
    /// when none arrived in time, or (waiting forever) when the input hung up.
    public func nextEvent(timeout: Double?) -> InputEvent? {
        guard !isRestored else { return nil }
        return input.nextEvent(timeout: timeout, signals: handleSignals, translate: terminalKeys)
    }

    /// Every event that is pending, as one batch: waits at most `timeout` seconds (nil:
    /// forever) for the first, returns early (possibly with none) while `waker` is pending (the
    /// caller consumes the wake), and
    /// returns nil once the input has hung up and everything read is handed over.
    ///
    /// A resize or a return from Ctrl-Z is a `.resize` event; the next frame is drawn in full.
    public func nextEvents(timeout: Double?, waker: ProgramWaker?) -> [InputEvent]? {
        guard !isRestored else { return nil }
        return input.nextEvents(timeout: timeout, waker: waker, signals: handleSignals, translate: terminalKeys)
    }

    /// Leaves ncurses: shows the cursor, ends the alternate screen, turns bracketed paste and
    /// mouse reporting off, puts the terminal modes back, stops the input reader, and (when
    /// init installed them) puts the signal handlers back to their defaults.
    /// Idempotent; the terminal draws nothing afterwards.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        leaveScreen()
        tui_reset_event_signals()
        if handlesSignals {
            tui_reset_signal_handlers()
            tui_reset_fatal_signal_handlers()
        }
        input.stop()
        delscreen(screen)
        tui_fclose(outputFile)
        tui_fclose(inputFile)
        NCursesTerminal.isActive.store(false, ordering: .sequentiallyConsistent)
    }

    // MARK: - Input modes, resize, suspend

    private func writeControl(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(outputDescriptor, $0.baseAddress! + done, $0.count - done) }
            if n <= 0 { if errno == EINTR { continue }; break }
            done += n
        }
    }

    private func enableInputModes() {
        writeControl("\u{1B}[?2004h" + (mouseEnabled ? "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" : ""))
    }

    private func disableInputModes() {
        writeControl((mouseEnabled ? "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" : "") + "\u{1B}[?2004l")
    }

    /// The signals that arrived: a resize becomes `.resize`; Ctrl-Z sent from outside
    /// suspends here and returns as `.resize` once continued.
    private func handleSignals(_ signals: TerminalInput.Signals) -> [InputEvent] {
        if signals.suspend { suspendProcess() }
        guard signals.resized || signals.suspend else { return [] }
        return [sizeChanged()]
    }

    /// Reads the terminal's size again, tells ncurses, and asks for a full next frame.
    private func sizeChanged() -> InputEvent {
        var window = winsize()
        if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        needsFullRedraw = true
        return .resize(size)
    }

    /// What the terminal itself answers to, taken out of decoded input: Ctrl-Z stops the whole
    /// job, as Ctrl-Z in a shell does (in raw mode the key sends no signal, so we send SIGTSTP
    /// to our process group: a script or git that ran us stops with us and the shell takes the
    /// terminal back) and comes back as a `.resize` once continued, or stops nothing where no
    /// shell could continue it (``ReadsTerminalInput/mayStopJob()``); the answer to the
    /// synchronized-output query turns frame wrapping on.
    private func terminalKeys(_ events: [InputEvent], modeReports: [InputDecoder.ModeReport]) -> [InputEvent] {
        for report in modeReports where report.mode == 2026 {
            synchronizedOutput = report.isSupported
        }
        guard events.contains(.key(.control("z"))) else { return events }
        var result: [InputEvent] = []
        for event in events {
            if event == .key(.control("z")) {
                guard mayStopJob() else { continue }
                suspendProcess(job: true)
                result.append(sizeChanged())
            } else {
                result.append(event)
            }
        }
        return result
    }

    /// Gives the terminal back while `body` runs, the way Ctrl-Z does, then takes it again:
    /// the input reader stops (the other program reads the keys), bracketed paste and mouse
    /// reporting go off, `endwin` puts back the cursor, the main screen and the terminal
    /// modes, and Ctrl-Z and resizes get their default handling (Ctrl-Z stops this process
    /// along with the other program). Afterwards program mode comes back, the size is read
    /// again, the next frame is drawn in full, and the next batch starts with a `.resize`.
    ///
    /// - Parameter body: Runs with the terminal given back.
    public func suspend(_ body: () -> Void) {
        guard !isRestored else { return body() }
        input.stop()
        leaveScreen()
        tui_reset_event_signals()
        body()
        _ = tui_install_event_signals()
        enterScreenAgain()
        var window = winsize()
        if ioctl(outputDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        input.start()
        input.queued.append(.resize(size))
    }

    /// Ctrl-Z: gives the terminal back to the shell, stops (the whole job, or this process alone
    /// for a SIGTSTP sent to it from outside), and takes it again when continued.
    private func suspendProcess(job: Bool = false) {
        leaveScreen()
        if job { tui_stop_job() } else { tui_stop_self() }
        // Continued (`fg`): program mode back, the whole screen redrawn by the next present.
        enterScreenAgain()
    }

    /// Rests the (hidden) cursor on `point` — the selected row, where screen readers and
    /// magnifiers follow it — after saving where ncurses left it (DECSC). ncurses is not asked
    /// to move it (`leaveok` stays on): on a terminal whose line wrap it models otherwise than
    /// the terminal does (`TERM=ansi` or `cygwin` in tmux), its relative moves from a cursor it
    /// placed itself land on the wrong cells.
    private func park(at point: CanvasPoint) {
        writeControl("\u{1B}7\u{1B}[\(point.y + 1);\(point.x + 1)H")
        cursorParked = true
    }

    /// Puts the cursor back where ncurses left it (DECRC), before ncurses writes again.
    private func unparkCursor() {
        guard cursorParked else { return }
        writeControl("\u{1B}8")
        cursorParked = false
    }

    /// Gives the terminal back as the caller had it (`restore()`, `suspend(_:)`, Ctrl-Z):
    /// paste and mouse reporting off, the cursor shown, the main screen and the caller's modes
    /// back (`endwin`), the cursor where the caller left it, the emergency restore disarmed.
    private func leaveScreen() {
        unparkCursor()
        disableInputModes()
        curs_set(1)
        // (ncurses may have used the DECSC slot the caller's cursor is saved in.)
        tui_resave_caller_cursor(outputDescriptor)
        endwin()
        // endwin ends with a carriage return (ncurses resets the terminal's tab column):
        // the cursor goes back where the caller left it, so what is printed next (a pick)
        // lands after the caller's prompt.
        tui_restore_cursor(outputDescriptor)
        tui_disarm_restore()
    }

    /// Takes the terminal again after `leaveScreen()`: the caller's cursor saved, program
    /// mode, the cursor hidden, the emergency restore armed, paste and mouse reporting on, and
    /// the whole screen drawn by the next present.
    private func enterScreenAgain() {
        tui_save_cursor(outputDescriptor)
        reset_prog_mode()
        curs_set(0)
        tui_arm_restore(mouseEnabled ? 1 : 0)
        enableInputModes()
        clearok(tui_curscr(), true)
        needsFullRedraw = true
    }

    // MARK: - Output

    /// The next frame cleared and drawn whole (ncurses' `clearok`: it forgets what the screen
    /// shows), for a screen another program wrote over.
    public func redrawWholeScreen() {
        guard !isRestored else { return }
        clearok(tui_curscr(), true)
        needsFullRedraw = true
    }

    /// Writes the cells `columns` of line `y` (a run of the frame diff: no wide character cut)
    /// into stdscr. Returns the number of cells written.
    private func writeRun(_ frame: Canvas, y: Int, columns: Range<Int>) -> Int {
        let width = frame.width
        let base = y * width
        let start = columns.lowerBound
        let end = columns.upperBound
        cellBuffer.removeAll(keepingCapacity: true)
        var x = start
        while x < end {
            let cell = frame.cells[base + x]
            if cell.isContinuation { x += 1; continue }
            let columns = (x + 1 < width && frame.cells[base + x + 1].isContinuation) ? 2 : 1
            let (attributes, pair) = look(for: cell.style)
            if !appendCell(cell.text, columns: columns, attributes: attributes, pair: pair) {
                wholeClusters.append((x, y, cell))
                overWritten.insert(base + x)
            } else if !overWritten.isEmpty, overWritten.remove(base + x) != nil {
                wholeClusters.append((x, y, cell))
            }
            x += columns
        }
        let count = cellBuffer.count
        cellBuffer.withUnsafeBufferPointer {
            _ = mvwadd_wchnstr(tui_stdscr(), Int32(y), Int32(start), $0.baseAddress, Int32(count))
        }
        return count
    }

    /// Appends the cchar_t(s) for a cell of `columns` columns to `cellBuffer`, in a form on whose
    /// width ncurses (`wcwidth`) and `TerminalText` agree.
    /// - Returns: Whether they hold the cell's cluster whole; false when they are a stand-in
    ///   (the base, or a blank, padded with a blank to `columns`) and the cluster's own bytes
    ///   must be written over it.
    private func appendCell(_ text: String, columns: Int, attributes: attr_t, pair: Int32) -> Bool {
        var characters: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
        var cell = cchar_t()
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return true }
        let baseWidth = first.value < 0x7F && first.value >= 0x20 ? 1 : Int(tui_wcwidth(wchar_t(bitPattern: first.value)))
        // Whole when ncurses measures it as we do and can hold it: its base and up to 4 marks of
        // no width (not a ZWJ partner, a second regional indicator, a skin tone), and no joiner
        // at its end (written before the next cell's emoji, the terminal would join the two).
        var whole = baseWidth == columns && scalars.count <= 5 && scalars.last != "\u{200D}"
        for scalar in scalars.dropFirst() where whole && tui_wcwidth(wchar_t(bitPattern: scalar.value)) != 0 {
            whole = false
        }
        if baseWidth == columns {
            // The cluster, or the stand-in: its base alone.
            withUnsafeMutableBytes(of: &characters) { raw in
                let wide = raw.bindMemory(to: wchar_t.self)
                wide[0] = wchar_t(bitPattern: first.value)
                guard whole else { return }
                for (n, scalar) in scalars.dropFirst().enumerated() { wide[n + 1] = wchar_t(bitPattern: scalar.value) }
            }
            let ok = withUnsafePointer(to: &characters) {
                $0.withMemoryRebound(to: wchar_t.self, capacity: 6) { tui_setcchar(&cell, $0, attributes, pair) == OK }
            }
            if ok {
                cellBuffer.append(cell)
                return whole
            }
            whole = false
        }
        if columns == 2 && baseWidth == 1 {
            // The C library sees a narrow character where we count two columns: the base, then a blank.
            characters = (wchar_t(bitPattern: first.value), 0, 0, 0, 0, 0)
        } else {
            characters = (wchar_t(UInt8(ascii: " ")), 0, 0, 0, 0, 0)
        }
        withUnsafePointer(to: &characters) {
            $0.withMemoryRebound(to: wchar_t.self, capacity: 6) { _ = tui_setcchar(&cell, $0, attributes, pair) }
        }
        cellBuffer.append(cell)
        if columns == 2 {
            characters = (wchar_t(UInt8(ascii: " ")), 0, 0, 0, 0, 0)
            withUnsafePointer(to: &characters) {
                $0.withMemoryRebound(to: wchar_t.self, capacity: 6) { _ = tui_setcchar(&cell, $0, attributes, pair) }
            }
            cellBuffer.append(cell)
        }
        return false
    }

    /// Writes the clusters of `wholeClusters` over their stand-ins, after `doupdate`: the
    /// cursor and attributes saved (DECSC) and autowrap off (DECAWM), then for each its place
    /// (CUP), its style (SGR) and its bytes, then autowrap on and the cursor and attributes
    /// back (DECRC), so ncurses' idea of the terminal stays true.
    ///
    /// A terminal that draws a cluster wider than we count (tmux 3.3 draws `👍🏽` as two emoji,
    /// 4 columns, and `⌚︎` as 2) covers the cells after it: those are written again, up to 4
    /// columns (a family of three emoji drawn apart), to the row's end or the next such cluster,
    /// so the row's text stays where ncurses thinks it is and the cluster loses its excess.
    private func writeWholeClusters(of frame: Canvas) {
        var out = "\u{1B}7\u{1B}[?7l"
        var lastStyle: Style? = nil
        func put(_ cell: CanvasCell) {
            if cell.style != lastStyle {
                out += sgr(for: cell.style)
                lastStyle = cell.style
            }
            out += cell.text
        }
        func columns(x: Int, y: Int) -> Int {
            x + 1 < frame.width && frame.cells[y * frame.width + x + 1].isContinuation ? 2 : 1
        }
        for (index, (x, y, cell)) in wholeClusters.enumerated() {
            out += "\u{1B}[\(y + 1);\(x + 1)H"
            put(cell)
            var column = x + columns(x: x, y: y)
            let next =
                index + 1 < wholeClusters.count && wholeClusters[index + 1].y == y ? wholeClusters[index + 1].x : frame.width
            let stop = Swift.min(next, column + 4, frame.width)
            if column < stop { out += "\u{1B}[\(y + 1);\(column + 1)H" }
            while column < stop {
                put(frame.cells[y * frame.width + column])
                column += columns(x: column, y: y)
            }
        }
        out += "\u{1B}[0m\u{1B}[?7h\u{1B}8"
        writeControl(out)
    }

    /// The SGR sequence that sets `style` as ncurses shows it here (the same colour palette
    /// and pairs: default colours, or white on black without them; attributes only when
    /// colours are off).
    private func sgr(for style: Style) -> String {
        let style = shown(style)
        var codes = ["0"] + style.attributes.sgrParameters
        if case .palette(let colors) = colorMode {
            var fg = style.foreground.paletteIndex(colors: colors)
            var bg = style.background.paletteIndex(colors: colors)
            if !usesDefaultColors, fg != -1 || bg != -1 {
                if fg == -1 { fg = 7 }
                if bg == -1 { bg = 0 }
            }
            func code(_ index: Int, base: Int) -> String? {
                switch index {
                case -1: return nil
                case 0 ..< 8: return String(base + index)
                case 8 ..< 16: return String(base + 60 + index - 8)
                default: return "\(base + 8);5;\(index)"
                }
            }
            codes += [code(fg, base: 30), code(bg, base: 40)].compactMap { $0 }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// `style` as this terminal draws it: a ``TextAttributes/bar`` in colours where
    /// ``drawsBarsInColour`` (not reversed: its foreground, light grey when it has none, on
    /// dark grey), else as it is.
    private func shown(_ style: Style) -> Style {
        drawsBarsInColour ? style.barInColour : style
    }

    /// ncurses attributes and colour pair for a style (cached).
    private func look(for original: Style) -> (attr_t, Int32) {
        if let cached = styleCache[original] { return cached }
        let style = shown(original)
        var attributes = tui_a_normal()
        if style.attributes.contains(.bold) { attributes |= tui_a_bold() }
        if style.attributes.contains(.dim) { attributes |= tui_a_dim() }
        if style.attributes.contains(.italic) { attributes |= tui_a_italic() }
        if style.attributes.contains(.underline) { attributes |= tui_a_underline() }
        if style.attributes.contains(.reverse) { attributes |= tui_a_reverse() }
        let result = (attributes, pair(foreground: style.foreground, background: style.background))
        styleCache[original] = result
        return result
    }

    /// The colour pair for two colours, allocated on first use; 0 (default colours) when
    /// colours are off or the terminal's pairs are used up.
    private func pair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
        guard case .palette(let colors) = colorMode else { return 0 }
        var fg = foreground.paletteIndex(colors: colors)
        var bg = background.paletteIndex(colors: colors)
        if fg == -1 && bg == -1 { return 0 }
        if !usesDefaultColors {
            if fg == -1 { fg = 7 }
            if bg == -1 { bg = 0 }
        }
        let key = (fg + 1) << 16 | (bg + 1)
        if let pair = pairs[key] { return pair }
        guard nextPair < tui_color_pairs() else { return 0 }
        let pair = nextPair
        guard init_extended_pair(pair, Int32(fg), Int32(bg)) == OK else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }
}
