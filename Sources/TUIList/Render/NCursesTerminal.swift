import CNCurses
import CTerminalRestore
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
/// Terminal handling:
/// - The locale comes from the environment (`setlocale(LC_ALL, "")`); when its character set is
///   not UTF-8, LC_CTYPE falls back to `C.UTF-8` so wide characters still work.
/// - An unknown or unusable `TERM` (no terminfo entry, no cursor addressing) throws
///   `Error.unusableTerminal` instead of exiting the process as `initscr` would.
/// - Colours: `.rgb` maps to the nearest xterm-256 colour on 256-colour terminals, everything to
///   the nearest of 8 (or 16) on smaller ones; on a monochrome terminal or when `NO_COLOR` is set
///   (and not empty) only attributes are shown.
/// - Characters whose width the C library's `wcwidth` sees differently from `TerminalText`
///   (e.g. a text-style emoji with U+FE0F) are written in a form both agree on (the base
///   character, then a blank), so columns never drift; emoji ZWJ sequences show their first emoji.
///
/// - Note: One `NCursesTerminal` may be active per process (ncurses keeps global state).
public final class NCursesTerminal: Terminal {
    /// Why a terminal could not be started.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// `TERM` names no terminfo entry, or one that cannot address the cursor.
        case unusableTerminal(String)
        /// The output is not a terminal.
        case notATerminal
        /// Another `NCursesTerminal` is active and has not been restored.
        case alreadyActive

        /// One line, for printing to standard error.
        public var description: String {
            switch self {
            case .unusableTerminal(let name):
                return "cannot use terminal type '\(name)' (no terminfo entry, or no cursor addressing); set TERM"
            case .notATerminal:
                return "standard output is not a terminal"
            case .alreadyActive:
                return "another NCursesTerminal is already active in this process"
            }
        }
    }

    /// How colours are shown.
    public enum ColorMode: Hashable, Sendable {
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
    public let colorMode: ColorMode
    /// Cells written into ncurses' virtual screen by the last `present` (continuations excluded).
    public private(set) var cellsWrittenLastFrame = 0

    nonisolated(unsafe) private static var isActive = false

    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>?
    private let inputFile: UnsafeMutablePointer<FILE>?
    private let mouseEnabled: Bool
    private let inputDescriptor: Int32
    private let handlesSignals: Bool
    private var usesDefaultColors = false
    private var lastFrame: Canvas?
    private var needsFullRedraw = true
    private var isRestored = false
    private var pairs: [Int: Int32] = [:]
    private var nextPair: Int32 = 1
    private var styleCache: [Style: (attr_t, Int32)] = [:]
    private var extendedKeys: [Int32: Key] = [:]
    private var heldButton: MouseButton?
    private var cellBuffer: [cchar_t] = []

    /// Starts ncurses on the terminal: cbreak, no echo, keypad, invisible cursor, alternate
    /// screen, 25 ms escape delay, colours when available.
    ///
    /// - Parameters:
    ///   - mouse: Report mouse presses, releases, drags and the wheel as `.mouse` events.
    ///   - terminalType: The terminfo name; nil reads `TERM`.
    ///   - input: The descriptor to read keys from.
    ///   - output: The descriptor of the terminal to draw on.
    ///   - handleSignals: Install `installSignalHandlers()` (SIGINT, SIGTERM, SIGHUP, SIGQUIT
    ///     restore the terminal and exit with 128 + signal number).
    /// - Throws: `NCursesTerminal.Error` when the output is not a terminal, `TERM` is unknown
    ///   or unusable, or another terminal is active.
    public init(mouse: Bool = false, terminalType: String? = nil,
                input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                handleSignals: Bool = true) throws {
        guard !NCursesTerminal.isActive else { throw Error.alreadyActive }
        guard isatty(output) == 1 else { throw Error.notATerminal }
        setlocale(LC_ALL, "")
        if tui_locale_is_utf8() == 0 {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        let name = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? ""
        tui_save_modes(output)
        var outFile: UnsafeMutablePointer<FILE>?
        var inFile: UnsafeMutablePointer<FILE>?
        let started: OpaquePointer? = name.isEmpty ? nil : name.withCString { tui_newterm($0, output, input, &outFile, &inFile) }
        guard let screen = started else { throw Error.unusableTerminal(name.isEmpty ? "(TERM not set)" : name) }
        guard tui_has_cursor_addressing() != 0 else {
            // e.g. TERM=dumb: ncurses starts, but cannot draw a screen.
            endwin()
            delscreen(screen)
            tui_fclose(outFile)
            tui_fclose(inFile)
            throw Error.unusableTerminal(name)
        }
        self.screen = screen
        outputFile = outFile
        inputFile = inFile
        mouseEnabled = mouse
        inputDescriptor = input
        handlesSignals = handleSignals
        NCursesTerminal.isActive = true

        cbreak()
        noecho()
        nonl()
        let window = tui_stdscr()
        keypad(window, true)
        idlok(window, true)
        leaveok(window, true)
        curs_set(0)
        _ = tui_set_escdelay(25)
        if mouse {
            mousemask(tui_all_mouse_events(), nil)
            mouseinterval(0)
        }
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        if has_colors() && !noColor {
            start_color()
            usesDefaultColors = use_default_colors() == OK
            colorMode = .palette(Int(tui_colors()))
        } else {
            colorMode = .none
        }
        for (capability, key) in [("kUP", Key.shiftUp), ("kUP2", .shiftUp), ("kDN", .shiftDown), ("kDN2", .shiftDown),
                                  ("kLFT", .shiftLeft), ("kRIT", .shiftRight)] {
            let code = tui_key_code_for_capability(capability)
            if code > 0 { extendedKeys[code] = key }
        }
        tui_arm_restore(mouse ? 1 : 0)
        if handleSignals { NCursesTerminal.installSignalHandlers() }
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
    public static func installSignalHandlers() {
        tui_install_signal_handlers()
    }

    /// Shows a frame: writes the runs of cells that differ from the last presented frame (all
    /// of them after a resize) into `stdscr`, then updates the terminal.
    /// A canvas of another size is cut or padded to the terminal's size.
    /// - Complexity: O(`size.columns * size.rows`) to compare, plus the cells written.
    public func present(_ canvas: Canvas) {
        guard !isRestored else { return }
        let current = size
        let frame = canvas.fitted(width: current.columns, height: current.rows)
        let previous = needsFullRedraw ? nil : lastFrame.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        var written = 0
        let width = frame.width
        for y in 0 ..< frame.height {
            let base = y * width
            guard let previous else {
                written += writeRun(frame, y: y, from: 0, to: width)
                continue
            }
            var x = 0
            while x < width {
                if frame.cells[base + x] == previous.cells[base + x] { x += 1; continue }
                // A run of changes; gaps of up to 3 equal cells are written along with it.
                var end = x + 1
                var equal = 0
                var scan = end
                while scan < width, equal <= 3 {
                    if frame.cells[base + scan] == previous.cells[base + scan] {
                        equal += 1
                    } else {
                        equal = 0
                        end = scan + 1
                    }
                    scan += 1
                }
                written += writeRun(frame, y: y, from: x, to: end)
                x = end
            }
        }
        wnoutrefresh(tui_stdscr())
        doupdate()
        lastFrame = frame
        needsFullRedraw = false
        cellsWrittenLastFrame = written
    }

    /// The next key, mouse event or resize, waiting at most `timeout` seconds (nil: forever,
    /// 0: poll). Nil when none arrived in time, or (waiting forever) when the input hung up.
    public func nextEvent(timeout: Double?) -> InputEvent? {
        guard !isRestored else { return nil }
        let window = tui_stdscr()
        var deadline: Double? = timeout.map { NCursesTerminal.now() + max(0, $0) }
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                milliseconds = Int32(clamping: Int(max(0, (deadline - NCursesTerminal.now()) * 1000).rounded(.up)))
            }
            wtimeout(window, milliseconds)
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == ERR {
                if deadline == nil {
                    // Interrupted: keep waiting, unless the input is gone (hang-up, closed).
                    var poller = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
                    if poll(&poller, 1, 0) > 0, poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
                    continue
                }
                return nil
            }
            if let event = result == KEY_CODE_YES ? event(forKeyCode: Int32(character)) : event(forCharacter: character) {
                return event
            }
            // A key we do not report: keep reading within the same time limit.
            if timeout == 0 { deadline = NCursesTerminal.now() }
        }
    }

    /// Leaves ncurses: shows the cursor, ends the alternate screen, puts the terminal modes
    /// back, and (when init installed them) puts the signal handlers back to their defaults.
    /// Idempotent; the terminal draws nothing afterwards.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        curs_set(1)
        endwin()
        tui_disarm_restore()
        if handlesSignals { tui_reset_signal_handlers() }
        delscreen(screen)
        tui_fclose(outputFile)
        tui_fclose(inputFile)
        NCursesTerminal.isActive = false
    }

    // MARK: - Output

    /// Writes cells `from..<to` of line `y` (widened so no wide character is cut) into stdscr.
    /// Returns the number of cells written.
    private func writeRun(_ frame: Canvas, y: Int, from: Int, to: Int) -> Int {
        let width = frame.width
        let base = y * width
        var start = from
        var end = to
        if start > 0, frame.cells[base + start].isContinuation { start -= 1 }
        if end < width, frame.cells[base + end].isContinuation { end += 1 }
        cellBuffer.removeAll(keepingCapacity: true)
        var x = start
        while x < end {
            let cell = frame.cells[base + x]
            if cell.isContinuation { x += 1; continue }
            let columns = (x + 1 < width && frame.cells[base + x + 1].isContinuation) ? 2 : 1
            let (attributes, pair) = look(for: cell.style)
            appendCell(cell.text, columns: columns, attributes: attributes, pair: pair)
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
    private func appendCell(_ text: String, columns: Int, attributes: attr_t, pair: Int32) {
        var characters: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
        var cell = cchar_t()
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return }
        let baseWidth = first.value < 0x7F && first.value >= 0x20 ? 1 : Int(tui_wcwidth(wchar_t(bitPattern: first.value)))
        var ok = false
        if baseWidth == columns {
            withUnsafeMutableBytes(of: &characters) { raw in
                let wide = raw.bindMemory(to: wchar_t.self)
                wide[0] = wchar_t(bitPattern: first.value)
                var n = 1
                if scalars.count > 1 {
                    for scalar in scalars.dropFirst() where n < 5 {
                        // Only marks ncurses can attach (zero width); drops ZWJ partners and
                        // the second regional indicator, keeping the width.
                        if tui_wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
                            wide[n] = wchar_t(bitPattern: scalar.value)
                            n += 1
                        }
                    }
                }
            }
            ok = withUnsafePointer(to: &characters) {
                $0.withMemoryRebound(to: wchar_t.self, capacity: 6) { tui_setcchar(&cell, $0, attributes, pair) == OK }
            }
        }
        if ok {
            cellBuffer.append(cell)
            return
        }
        if columns == 2 && baseWidth == 1 {
            // The C library sees a narrow character where we count two columns: the base, then a blank.
            characters = (wchar_t(bitPattern: first.value), 0, 0, 0, 0, 0)
        } else {
            characters = (wchar_t(UInt8(ascii: "?")), 0, 0, 0, 0, 0)
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
    }

    /// ncurses attributes and colour pair for a style (cached).
    private func look(for style: Style) -> (attr_t, Int32) {
        if let cached = styleCache[style] { return cached }
        var attributes = tui_a_normal()
        if style.attributes.contains(.bold) { attributes |= tui_a_bold() }
        if style.attributes.contains(.dim) { attributes |= tui_a_dim() }
        if style.attributes.contains(.italic) { attributes |= tui_a_italic() }
        if style.attributes.contains(.underline) { attributes |= tui_a_underline() }
        if style.attributes.contains(.reverse) { attributes |= tui_a_reverse() }
        let result = (attributes, pair(foreground: style.foreground, background: style.background))
        styleCache[style] = result
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

    // MARK: - Input

    private func event(forCharacter character: wint_t) -> InputEvent? {
        guard let scalar = Unicode.Scalar(UInt32(character)), let key = Key(scalar: scalar) else { return nil }
        return .key(key)
    }

    private func event(forKeyCode code: Int32) -> InputEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_SR: return .key(.shiftUp)
        case KEY_SF: return .key(.shiftDown)
        case KEY_SLEFT: return .key(.shiftLeft)
        case KEY_SRIGHT: return .key(.shiftRight)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME, KEY_A1: return .key(.home)
        case KEY_END, KEY_C1, KEY_LL: return .key(.end)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_RESIZE:
            needsFullRedraw = true
            return .resize(size)
        case KEY_MOUSE:
            return mouseEvent()
        case tui_key_f(1) ... tui_key_f(63):
            return .key(.function(Int(code - tui_key_f(0))))
        default:
            return extendedKeys[code].map { .key($0) }
        }
    }

    private func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        var number: Int32 = 0
        var kind: Int32 = 0
        guard tui_decode_mouse(event.bstate, &number, &kind) != 0 else { return nil }
        let buttons: [MouseButton] = [.left, .middle, .right, .wheelUp, .wheelDown]
        let x = Int(event.x)
        let y = Int(event.y)
        switch kind {
        case 0:
            let button = buttons[Int(number) - 1]
            if number <= 3 { heldButton = button }
            return .mouse(MouseEvent(x: x, y: y, button: button, kind: .press))
        case 1:
            let button = buttons[Int(number) - 1]
            if heldButton == button { heldButton = nil }
            return .mouse(MouseEvent(x: x, y: y, button: button, kind: .release))
        default:
            guard let held = heldButton else { return nil }
            return .mouse(MouseEvent(x: x, y: y, button: held, kind: .drag))
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
