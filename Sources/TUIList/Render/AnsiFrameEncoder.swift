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
public struct AnsiFrameEncoder: Sendable {
    private var previous: Canvas?

    /// An encoder with no previous frame: its first ``encode(_:)`` clears the screen and draws
    /// everything.
    public init() {}

    /// Forgets the last frame, so the next one is drawn in full (after a resize, say).
    public mutating func reset() { previous = nil }

    /// The bytes that take the screen from the last encoded frame to `canvas`.
    ///
    /// - Complexity: O(cells of the canvas) to compare, output proportional to what changed.
    public mutating func encode(_ canvas: Canvas) -> String {
        var out = ""
        let full = previous.map { $0.width != canvas.width || $0.height != canvas.height } ?? true
        if full { out += "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var current: Style? = full ? .plain : nil
        for y in 0 ..< canvas.height {
            // The changed span of this line, widened so a wide character is written whole.
            var first = -1, last = -1
            for x in 0 ..< canvas.width where full || previous![x, y] != canvas[x, y] {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            if full {
                // A cleared screen is blank already: skip leading and trailing plain blanks.
                while first <= last && canvas[first, y] == .blank() { first += 1 }
                while last >= first && canvas[last, y] == .blank() { last -= 1 }
                guard first <= last else { continue }
            }
            while first > 0 && canvas[first, y].isContinuation { first -= 1 }
            while last + 1 < canvas.width && canvas[last + 1, y].isContinuation { last += 1 }
            out += "\u{1B}[\(y + 1);\(first + 1)H"
            for x in first ... last {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                if current != cell.style {
                    out += Self.sgr(cell.style)
                    current = cell.style
                }
                out += cell.text
            }
        }
        if current != .plain && current != nil { out += "\u{1B}[0m" }
        previous = canvas
        return out
    }

    /// The SGR sequence that sets exactly `style` (it resets first, so attributes never leak).
    public static func sgr(_ style: Style) -> String {
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
