/// Text for a detail or preview pane: paragraphs wrapped at word boundaries, label/value rows
/// with the labels in a column, headings, ANSI colours (``ANSIText``), and a scroll offset that
/// keys move.
///
/// ```swift
/// var view = TextView([
///     .heading("Ada Lovelace"),
///     .field("Company", "Analytical Engines"),
///     .field("Phone", "+44 20 7946 0000"),
///     .blank,
///     .text("Wrote the first program, \u{1B}[1mNote G\u{1B}[0m, in 1843."),
/// ])
/// view.scroll(by: 3, width: 30, height: 10)
/// view.draw(into: &canvas, in: pane)
/// ```
///
/// A value too long for its row wraps under itself, in the value column. Lines are laid out
/// for a width when drawn; nothing is kept between frames but ``scrollOffset``.
public struct TextView: Hashable, Sendable {
    /// One block of the text.
    public enum Block: Hashable, Sendable {
        /// A paragraph (ANSI colour escapes allowed), wrapped at word boundaries; a line break
        /// in it starts a new line, and an empty line stays (mail, commit messages, notes).
        case text(String)
        /// A label (dim, in a column as wide as the widest label) and its value (ANSI allowed).
        case field(String, String)
        /// A bold line.
        case heading(String)
        /// An empty line.
        case blank
    }

    /// The blocks, top to bottom.
    var blocks: [Block]
    /// The first line shown (clamped when drawn).
    public var scrollOffset = 0
    /// The labels' style.
    var labelStyle = Style(attributes: .dim)
    /// The headings' style.
    var headingStyle = Style(attributes: .bold)

    /// A text view of `blocks`.
    /// - Parameter blocks: The blocks, top to bottom.
    public init(_ blocks: [Block]) {
        self.blocks = blocks
    }

    /// A text view of the lines of `text` (ANSI allowed), each a paragraph.
    /// - Parameter text: The text, split by ``LineSplitter/lines(of:)`` (LF or CRLF ends a
    ///   line; empty lines stay, a line break at the end adds none).
    public init(text: String) {
        blocks = LineSplitter.lines(of: text).map { $0.isEmpty ? .blank : .text($0) }
    }

    /// One laid-out line: where it starts and what it shows.
    struct Line: Hashable {
        var indent: Int
        var text: ANSIText
        var label: String?
        var style: Style
    }

    /// The lines for `width` columns.
    /// - Complexity: O(length of the text).
    func lines(width: Int) -> [Line] {
        let width = max(1, width)
        let labelWidth = blocks.reduce(0) { widest, block in
            if case .field(let label, _) = block { return max(widest, TerminalText.columns(of: label)) }
            return widest
        }
        // The labels in a column while the values keep half the width (or 16 columns).
        let valueColumn = width - labelWidth - 1 >= min(16, width / 2) ? labelWidth + 1 : 0
        var lines: [Line] = []
        for block in blocks {
            switch block {
            case .blank:
                lines.append(Line(indent: 0, text: ANSIText(parsing: ""), label: nil, style: .plain))
            case .heading(let text):
                for part in Self.wrap(ANSIText(parsing: text), width: width) {
                    lines.append(Line(indent: 0, text: part, label: nil, style: headingStyle))
                }
            case .text(let text):
                for part in Self.wrap(ANSIText(parsing: text), width: width) {
                    lines.append(Line(indent: 0, text: part, label: nil, style: .plain))
                }
            case .field(let label, let value):
                if valueColumn == 0 {  // too narrow for a column: the label on its own line
                    lines.append(Line(indent: 0, text: ANSIText(parsing: ""), label: label, style: .plain))
                }
                let parts = Self.wrap(ANSIText(parsing: value), width: width - valueColumn)
                for (index, part) in parts.enumerated() {
                    let label = index == 0 && valueColumn > 0 ? label : nil
                    lines.append(Line(indent: valueColumn, text: part, label: label, style: .plain))
                }
            }
        }
        return lines
    }

    /// The number of lines the text takes at `width` columns.
    /// - Parameter width: The width.
    /// - Returns: The count.
    /// - Complexity: O(length of the text).
    func numberOfLines(width: Int) -> Int { lines(width: width).count }

    /// Moves ``scrollOffset`` by `count` lines (down for positive), kept between the top and
    /// the last line on the bottom line of an area of `width` × `height`.
    /// - Parameters:
    ///   - count: Lines to scroll.
    ///   - width: The area's width.
    ///   - height: The area's height.
    /// - Complexity: O(length of the text).
    public mutating func scroll(by count: Int, width: Int, height: Int) {
        let last = max(0, numberOfLines(width: width) - max(1, height))
        scrollOffset = min(last, max(0, min(scrollOffset, last) + count))
    }

    /// Draws the lines from ``scrollOffset`` (clamped) into `rect`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area.
    /// - Complexity: O(length of the text + cells of the area).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let lines = lines(width: rect.width)
        let first = min(max(0, scrollOffset), max(0, lines.count - rect.height))
        for (row, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            let y = rect.y + row
            if let label = line.label {
                canvas.draw(label, x: rect.x, y: y, style: labelStyle, maxWidth: rect.width, clip: rect)
            }
            line.text.draw(
                into: &canvas, x: rect.x + line.indent, y: y, style: line.style, maxWidth: rect.width - line.indent,
                clip: rect)
        }
    }

    /// `text` cut into lines of at most `width` columns, at spaces where it can (a word longer
    /// than a line is cut where the line ends); runs follow their characters.
    static func wrap(_ text: ANSIText, width: Int) -> [ANSIText] {
        let width = max(1, width)
        let characters = Array(text.plain)
        let isBreak: (Character) -> Bool = { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard characters.contains(where: isBreak) || TerminalText.columns(of: text.plain) > width else { return [text] }
        var pieces: [Range<Int>] = []
        var lineStart = 0
        while lineStart <= characters.count {
            // One line of the text, up to its line break: wrapped at its spaces.
            let lineEnd = characters[lineStart...].firstIndex(where: isBreak) ?? characters.count
            var start = lineStart
            if start == lineEnd { pieces.append(start ..< start) }
            while start < lineEnd {
                var end = start, columns = 0, lastSpace: Int?
                while end < lineEnd {
                    let w = TerminalText.columns(of: characters[end])
                    if columns + w > width { break }
                    if characters[end] == " " { lastSpace = end }
                    columns += w
                    end += 1
                }
                if end == start { end = start + 1 }  // one character wider than the line
                var next = end
                if end < lineEnd, characters[end] == " " {  // the line ends on a word's end
                    next = end + 1
                } else if end < lineEnd, let space = lastSpace, space > start {
                    end = space
                    next = space + 1
                }
                pieces.append(start ..< end)
                start = next
                while start < lineEnd, characters[start] == " ", start > end { start += 1 }
            }
            lineStart = lineEnd + 1
        }
        return pieces.map { range in
            let plain = String(characters[range])
            return plain.isEmpty ? ANSIText(parsing: "") : ANSIText(plain: plain, runs: text.runs(in: range))
        }
    }
}
