/// Where frames go and input comes from.
///
/// Two backends implement it: `NCursesTerminal` (a real terminal through ncursesw) and
/// `HeadlessTerminal` (memory only, for tests and replays). Callers render a whole frame into a
/// `Canvas` and hand it over; the backend works out what changed.
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
    /// Puts the terminal back as it was (idempotent).
    func restore()
}
