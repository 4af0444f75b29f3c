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
/// Blanks are erased rather than written: to the end of the row (EL) when the rest of it is
/// blank, or a run of 8 or more within a change (ECH, then the cursor forward). A blank whose
/// style shows more than its background (reverse video, underline) is written; so is one in a
/// background colour unless the terminal erases in colour (`erasesInBackgroundColour`).
///
/// With ``Placement/inline`` the frame is drawn into the lines below the cursor instead of the
/// whole screen (``InlineTerminal`` draws so): every move is relative, and each frame starts and
/// ends with the cursor on the first column of the frame's first line.
///
/// Terminals disagree on the width of some emoji clusters (a skin tone, a flag, a ZWJ sequence,
/// a presentation selector: tmux 3.3 draws `👍🏽` in 4 columns, `❤️` in 1, where we count 2).
/// Such a cluster is written over blanks of its width, the cursor then moved to the column
/// after it as we count it, and the few cells after it written again; autowrap is off during
/// such a frame. So the rest of the row stays in place and nothing is pushed into the next row.
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
    /// Whether the terminal erases in the current background colour (terminfo `bce`): blanks
    /// in a colour are then erased too, not only blanks in the default background.
    package var erasesInBackgroundColour = false
    /// Whether the terminal erases characters in place (ECH, terminfo `ech`: xterm, tmux, the
    /// Linux console); without it only a row's end is erased (EL, which every VT100 has).
    package var erasesCharacters = true
    /// Whether a ``TextAttributes/bar`` is drawn in colours (as ``NCursesTerminal`` draws it on
    /// a terminal of 256 colours with `bce`) rather than in reverse video.
    package var barsInColour = false

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
        // (The bar in its colours first, then a gap between two styled spans in the first's
        // attributes: fewer changes on the wire.)
        let canvas = (barsInColour ? canvas.withBarsInColour() : canvas).joiningBlankStyles()
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
        var disputed = false
        canvas.forEachChangedRun(since: before, joiningGapsUpTo: .max) { run in
            out += move(x: run.columns.lowerBound, y: run.y)
            var x = run.columns.lowerBound
            var end = run.columns.upperBound
            while x < end {
                let cell = canvas[x, run.y]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                if let erased = erase(canvas, x: x, y: run.y, end: end, current: &current) {
                    out += erased.bytes
                    x += erased.cells
                    continue
                }
                let columns = x + 1 < canvas.width && canvas[x + 1, run.y].isContinuation ? 2 : 1
                if current != cell.style {
                    out += Self.sgr(cell.style)
                    current = cell.style
                }
                if Self.hasDisputedWidth(cell.text) {
                    // Blanks under it, the cluster, then the next cell where we count it; and the
                    // cells it may have covered, again.
                    out += String(repeating: " ", count: columns) + "\u{1B}[\(x + 1)G" + cell.text
                    out += "\u{1B}[\(x + columns + 1)G"
                    end = Swift.min(canvas.width, Swift.max(end, x + columns + 4))
                    disputed = true
                } else {
                    out += cell.text
                }
                x += columns
            }
        }
        if disputed { out = "\u{1B}[?7l" + out + "\u{1B}[?7h" }
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

    /// Blanks from (`x`, `y`) erased rather than written, when that is shorter: to the end of
    /// the row (EL) when every cell from `x` on is such a blank, else up to `end` (ECH, then the
    /// cursor forward: CUF) when at least 8 are. A blank can be erased when nothing of its style
    /// shows on a blank but its background (no reverse video, no underline) and that background
    /// is the default, or any colour where ``erasesInBackgroundColour``; the blanks of one
    /// erase share it. `current` becomes the style the erase was written in.
    /// - Returns: The bytes and the cells they cover; nil when the cell is written as it is.
    private func erase(_ canvas: Canvas, x: Int, y: Int, end: Int, current: inout Style?) -> (bytes: String, cells: Int)? {
        let first = canvas[x, y]
        guard first.text == " ", Self.showsOnlyBackground(first.style),
            first.style.background == .default || erasesInBackgroundColour
        else { return nil }
        let background = first.style.background
        var count = 1
        while x + count < canvas.width {
            let cell = canvas[x + count, y]
            guard cell.text == " ", !cell.isContinuation, cell.style.background == background,
                Self.showsOnlyBackground(cell.style)
            else { break }
            count += 1
        }
        let toRowEnd = x + count == canvas.width
        guard toRowEnd ? count >= 4 : erasesCharacters && count >= 8 && x + 8 <= end else { return nil }
        var out = ""
        // (A current style that shows only this background erases as it is.)
        if current.map({ $0.background != background || !Self.showsOnlyBackground($0) }) ?? true {
            let style = Style(background: background)
            out += Self.sgr(style)
            current = style
        }
        if toRowEnd { return (out + "\u{1B}[K", canvas.width - x) }
        // The cursor goes past the blanks unless the run ends with them (the next run, or the
        // frame's end, moves it anyway).
        let cells = Swift.min(count, end - x)
        return (out + "\u{1B}[\(cells)X" + (x + cells < end ? "\u{1B}[\(cells)C" : ""), cells)
    }

    /// Whether a blank in `style` looks like an erased cell in its background: no reverse
    /// video, no underline (bold, dim and italic do not show on a blank).
    private static func showsOnlyBackground(_ style: Style) -> Bool {
        style.attributes.isDisjoint(with: [.reverse, .underline])
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

    /// Whether terminals disagree on the width of `text` (one cluster): more than one scalar,
    /// among them a presentation selector (U+FE0E, U+FE0F), a zero-width joiner, a skin tone
    /// (U+1F3FB...U+1F3FF) or a regional indicator.
    static func hasDisputedWidth(_ text: String) -> Bool {
        guard text.utf8.count > 3 else { return false }  // (one byte: ASCII, the most cells)
        let scalars = text.unicodeScalars
        return scalars.count > 1
            && scalars.contains {
                let v = $0.value
                return v == 0xFE0E || v == 0xFE0F || v == 0x200D || (0x1F3FB ... 0x1F3FF).contains(v)
                    || (0x1F1E6 ... 0x1F1FF).contains(v)
            }
    }

    /// The SGR sequence that sets exactly `style` (it resets first, so attributes never leak).
    static func sgr(_ style: Style) -> String {
        var codes = ["0"] + style.attributes.sgrParameters
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
