/// Turns frames into the bytes a VT100/xterm-compatible terminal needs to show them: cursor
/// moves, SGR styles and text, for the cells that changed since the last frame.
///
/// This is what a session export writes into an asciicast, and it needs no terminal: it is
/// pure, like the Canvas. (On a live terminal the ncurses backend does this job with the
/// terminal's own capabilities.)
///
/// ```swift
/// var encoder = AnsiFrameEncoder()
/// let first = encoder.encode(canvas)     // clears the screen, draws everything
/// let next = encoder.encode(canvas2)     // only the runs that changed
/// ```
///
/// With ``Placement/inline`` the frame is drawn into the lines below the cursor instead of the
/// whole screen (``InlineTerminal`` draws so): every move is relative, and each frame starts and
/// ends with the cursor on the first column of the frame's first line.
public struct AnsiFrameEncoder: Sendable {
    /// Where frames are drawn.
    public enum Placement: Hashable, Sendable {
        /// The whole screen, from its top-left corner (absolute cursor moves).
        case screen
        /// The lines from the cursor's line down: the cursor stands on the first column of the
        /// frame's first line before each frame and is put back there after it (relative
        /// moves only, so lines above the frame are never touched).
        case inline
    }

    private var previous: Canvas?
    /// Where frames are drawn.
    let placement: Placement
    /// Inline: the frame line the cursor is on while a frame is written.
    private var row = 0

    /// An encoder with no previous frame: its first ``encode(_:)`` clears the screen (inline:
    /// the lines from the cursor down) and draws everything.
    ///
    /// - Parameter placement: The whole screen (the default) or the lines below the cursor.
    public init(placement: Placement = .screen) {
        self.placement = placement
    }

    /// Forgets the last frame, so the next one is drawn in full (after a resize, say).
    mutating func reset() { previous = nil }

    /// The bytes that take the screen from the last encoded frame to `canvas`.
    ///
    /// - Complexity: O(cells of the canvas) to compare, output proportional to what changed.
    public mutating func encode(_ canvas: Canvas) -> String {
        var out = ""
        let full = previous.map { $0.width != canvas.width || $0.height != canvas.height } ?? true
        if full {
            out += placement == .screen ? "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J" : "\u{1B}[?25l\u{1B}[0m\r\u{1B}[J"
        }
        row = 0
        var current: Style? = full ? .plain : nil
        // The frame diff every backend uses, one run per changed line (a cursor move costs more
        // than the unchanged cells between changes); after a clear, against a blank canvas, so
        // leading and trailing plain blanks are not written.
        let before = full ? Canvas(width: canvas.width, height: canvas.height) : previous
        canvas.forEachChangedRun(since: before, joiningGapsUpTo: .max) { run in
            out += move(x: run.columns.lowerBound, y: run.y)
            for x in run.columns {
                let cell = canvas[x, run.y]
                if cell.isContinuation { continue }
                if current != cell.style {
                    out += Self.sgr(cell.style)
                    current = cell.style
                }
                out += cell.text
            }
        }
        if current != .plain && current != nil { out += "\u{1B}[0m" }
        if placement == .inline && !out.isEmpty {
            // Back to the frame's first line, first column: where the next frame starts.
            if row > 0 { out += "\u{1B}[\(row)A" }
            out += "\r"
            row = 0
        }
        previous = canvas
        return out
    }

    /// The cursor move to column `x` of frame line `y`: absolute on the screen; inline, up or
    /// down from the current frame line (CUU/CUD never scroll) and then to the column (CHA).
    private mutating func move(x: Int, y: Int) -> String {
        guard placement == .inline else { return "\u{1B}[\(y + 1);\(x + 1)H" }
        var out = ""
        if y > row { out += "\u{1B}[\(y - row)B" } else if y < row { out += "\u{1B}[\(row - y)A" }
        row = y
        out += x == 0 ? "\r" : "\u{1B}[\(x + 1)G"
        return out
    }

    /// The SGR sequence that sets exactly `style` (it resets first, so attributes never leak).
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let a = style.attributes
        if a.contains(.bold) { codes.append("1") }
        if a.contains(.dim) { codes.append("2") }
        if a.contains(.italic) { codes.append("3") }
        if a.contains(.underline) { codes.append("4") }
        if a.contains(.reverse) { codes.append("7") }
        codes.append(contentsOf: colour(style.foreground, base: 30))
        codes.append(contentsOf: colour(style.background, base: 40))
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colour(_ colour: TerminalColor, base: Int) -> [String] {
        switch colour {
        case .default: return []
        case .ansi(let n) where n < 8: return [String(base + Int(n))]
        case .ansi(let n) where n < 16: return [String(base + 60 + Int(n) - 8)]
        case .ansi(let n): return [String(base + 8), "5", String(n)]  // past 15: an xterm palette index
        case .indexed(let n): return [String(base + 8), "5", String(n)]
        case .rgb(let r, let g, let b): return [String(base + 8), "2", String(r), String(g), String(b)]
        }
    }
}
