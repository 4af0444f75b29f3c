/// A styled grid of character cells: what one frame of the screen shows.
///
/// Everything that draws goes through a canvas; a `Terminal` then shows it, writing only what
/// changed since the previous frame. Wide characters (CJK, emoji) take two cells — the left one
/// holds the character, the right one is a continuation (`CanvasCell.isContinuation`) — and the
/// canvas keeps that pairing intact: it never splits a wide character, and writing over either
/// half of one blanks the other half.
///
/// ```swift
/// var canvas = Canvas(width: 20, height: 2)
/// canvas.draw("漢字 and emoji 🚀", x: 0, y: 0)            // "漢字 and emoji 🚀   "
/// canvas.draw("a very long title", x: 0, y: 1, maxWidth: 8) // "a very …"
/// canvas.restyle(Rect(x: 0, y: 1, width: 20, height: 1)) { $0.attributes.insert(.reverse) }
/// canvas.lines // golden tests compare these
/// ```
public struct Canvas: Equatable, Sendable {
    /// Cells, line by line (`cells[y * width + x]`).
    @usableFromInline var cells: [CanvasCell]
    /// Columns.
    public private(set) var width: Int
    /// Lines.
    public private(set) var height: Int
    /// Where the terminal's cursor rests once the frame is shown: on the selected row (a
    /// ``ListView`` sets it when it draws its selection), where screen readers and magnifiers
    /// look for what has focus; nil leaves it where the backend puts it. Clearing the whole
    /// canvas sets it back to nil.
    public var cursor: CanvasPoint?

    /// A canvas of blank cells (`" "`, `.plain`); negative sizes count as 0.
    public init(width: Int, height: Int) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        cells = Array(repeating: CanvasCell.blank(), count: self.width * self.height)
    }

    /// The whole canvas: `Rect(x: 0, y: 0, width: width, height: height)`.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x` of line `y`.
    /// - Precondition: the position lies inside the canvas.
    public subscript(x: Int, y: Int) -> CanvasCell {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "Cell (\(x), \(y)) is outside the \(width)×\(height) canvas")
        return cells[y * width + x]
    }

    /// The cell at column `x` of line `y`, or nil outside the canvas.
    public func cell(x: Int, y: Int) -> CanvasCell? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return cells[y * width + x]
    }

    /// Changes the size; every cell becomes blank.
    /// - Complexity: O(`width * height`).
    public mutating func resize(width: Int, height: Int) {
        self = Canvas(width: width, height: height)
    }

    /// Sets every cell of `rect` (default: the whole canvas) to a space with `style`. A wide
    /// character cut by the rect's edge is blanked whole.
    /// - Complexity: O(cells in `rect`).
    public mutating func clear(_ rect: Rect? = nil, style: Style = .plain) {
        if rect == nil { cursor = nil }
        fill(rect ?? bounds, with: " ", style: style)
    }

    /// Draws `text` over and over from `x` for `width` columns of line `y`, the last copy cut
    /// at the edge (a separator line of `─`, or of any pattern). Nothing for an empty `text`.
    /// - Complexity: O(`width`).
    package mutating func drawRepeating(_ text: String, x: Int, y: Int, width: Int, style: Style) {
        guard !text.isEmpty, width > 0 else { return }
        let copies = width / max(1, TerminalText.columns(of: text)) + 1
        draw(String(repeating: text, count: copies), x: x, y: y, style: style, maxWidth: width, truncation: .clip)
    }

    /// Fills `rect` with `character` in `style`. A wide character fills two columns at a time; a
    /// column left over at the right edge gets a space. A zero-width or control character fills
    /// with spaces. A wide character cut by the rect's edge is blanked whole.
    /// - Complexity: O(cells in `rect`).
    public mutating func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        var columns = TerminalText.columns(of: character)
        var text = String(character)
        if columns == 0 {
            columns = 1
            text = " "
        }
        for y in area.y ..< area.maxY {
            breakWideCharacters(y: y, from: area.x, to: area.maxX)
            var x = area.x
            let base = y * width
            while x < area.maxX {
                if columns == 2 && x + 1 < area.maxX {
                    cells[base + x] = CanvasCell(text: text, style: style)
                    cells[base + x + 1] = CanvasCell(text: "", style: style)
                    x += 2
                } else {
                    cells[base + x] = CanvasCell(text: columns == 2 ? " " : text, style: style)
                    x += 1
                }
            }
        }
        #if TUILIST_INVARIANTS
        _checkInvariants(lines: area.y ..< area.maxY)
        #endif
    }

    /// Draws text starting at column x of line y, clipped to `clip` (default: the whole canvas)
    /// and to `maxWidth` columns.
    ///
    /// Wide characters take two columns and are never split (a wide char that would cross the
    /// clip's right edge is replaced by a space); combining marks join the previous cell;
    /// control characters (including newlines and tabs) are skipped. With `.ellipsis`, text that
    /// does not fit ends in "…" in the last visible column. Drawing over half of a wide
    /// character blanks its other half. A wide character cut by the clip's left edge shows as a
    /// space in its visible column.
    ///
    /// - Parameters:
    ///   - text: The text; one line.
    ///   - x: The column of the first character (may be left of the clip or negative).
    ///   - y: The line.
    ///   - style: The style of the cells written.
    ///   - maxWidth: At most this many columns from `x`.
    ///   - clip: Only cells in this rect are written.
    ///   - truncation: What to do when the text does not fit.
    /// - Returns: The columns used from `x` up to the end of the drawn text, at most up to the
    ///   right edge of the room (so `x += draw(...)` continues after it). 0 when nothing fits.
    /// - Complexity: O(n) in the length of `text` (it stops at the right edge).
    @discardableResult
    public mutating func draw(
        _ text: String, x: Int, y: Int, style: Style = .plain,
        maxWidth: Int? = nil, clip: Rect? = nil,
        truncation: Truncation = .ellipsis
    ) -> Int {
        _draw(text, x: x, y: y, style: style, maxWidth: maxWidth, clip: clip, truncation: truncation, asciiPath: true)
    }

    /// ``draw(_:x:y:style:maxWidth:clip:truncation:)``; with `asciiPath` false the general path
    /// only (tests compare the two on the same input).
    @discardableResult
    internal mutating func _draw(
        _ text: String, x: Int, y: Int, style: Style, maxWidth: Int?, clip: Rect?,
        truncation: Truncation, asciiPath: Bool
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard !area.isEmpty, y >= area.y, y < area.maxY else { return 0 }
        var right = area.maxX
        if let maxWidth { right = Swift.min(right, x + Swift.max(0, maxWidth)) }
        let left = area.x
        guard right > x, right > left else { return 0 }
        let room = right - x
        if asciiPath,
            let drawn = _drawPrintableASCII(
                text, x: x, y: y, style: style, left: left, right: right,
                room: room, truncation: truncation)
        {
            return drawn
        }

        // Where the text must stop to leave a column for "…".
        var limit = right
        if truncation == .ellipsis, TerminalText.columns(of: text) > room {
            limit = right - 1
        }
        let base = y * width
        var column = x
        var lastCell: Int? = nil  // the cell that combining marks join
        if x > 0, x - 1 >= left, x <= right {
            lastCell = x - 1
            if cells[base + x - 1].isContinuation, x - 2 >= left { lastCell = x - 2 }
        }
        for character in text {
            let columns = TerminalText.columns(of: character)
            if columns == 0 {
                if let first = character.unicodeScalars.first, TerminalText.isControl(first.value) { continue }
                if let index = lastCell, column <= limit {
                    joinMark(character, toCellAt: base + index)
                }
                continue
            }
            if column + columns > limit {
                // The character does not fit: pad a half-fitting wide char with a space.
                if column < limit, column >= left {
                    put(CanvasCell(text: " ", style: style), x: column, y: y, columns: 1)
                    column += 1
                }
                break
            }
            if column >= left {
                put(CanvasCell(text: String(character), style: style), x: column, y: y, columns: columns)
                lastCell = column
            } else if column + columns > left {
                // A wide character cut by the left edge: its visible half becomes a space.
                put(CanvasCell(text: " ", style: style), x: left, y: y, columns: 1)
                lastCell = nil
            }
            column += columns
        }
        if limit < right {
            while column < limit {  // a gap left by a wide char that did not fit
                if column >= left { put(CanvasCell(text: " ", style: style), x: column, y: y, columns: 1) }
                column += 1
            }
            if limit >= left { put(CanvasCell(text: "…", style: style), x: limit, y: y, columns: 1) }
            column = right
        }
        #if TUILIST_INVARIANTS
        _checkInvariants(lines: y ..< y + 1)
        #endif
        return Swift.max(0, Swift.min(column, right) - x)
    }

    /// `draw` for text of printable ASCII only (the common case: names, numbers, lines of
    /// code): one byte is one cell of one column, so no grapheme breaking and no width lookup,
    /// and each cell's text comes from a table of one-byte strings (no allocation). Gives what
    /// the general path gives; `nil` for any other text.
    @inline(__always)
    private mutating func _drawPrintableASCII(
        _ text: String, x: Int, y: Int, style: Style, left: Int, right: Int,
        room: Int, truncation: Truncation
    ) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            for byte in bytes where byte &- 0x20 >= 0x5F { return nil }  // not 0x20...0x7E
            let ellipsis = truncation == .ellipsis && bytes.count > room
            let limit = ellipsis ? right - 1 : right
            let end = Swift.min(x + bytes.count, limit)  // columns x ..< end get a character
            let first = Swift.max(x, left)
            let last = ellipsis ? right : end  // the ellipsis takes column `limit`
            if first < last { breakWideCharacters(y: y, from: first, to: last) }
            let base = y * width
            let table = CanvasCell._asciiText
            if first < end {
                for column in first ..< end {
                    cells[base + column] = CanvasCell(text: table[Int(bytes[column - x])], style: style)
                }
            }
            if ellipsis {
                if limit >= left { cells[base + limit] = CanvasCell(text: "…", style: style) }
                #if TUILIST_INVARIANTS
                _checkInvariants(lines: y ..< y + 1)
                #endif
                return Swift.max(0, right - x)
            }
            #if TUILIST_INVARIANTS
            _checkInvariants(lines: y ..< y + 1)
            #endif
            return Swift.max(0, Swift.min(end, right) - x)
        }
    }

    /// Appends a zero-width character to a cell's grapheme when the result is still one
    /// grapheme of the same width; drops it otherwise (e.g. U+FE0F after a digit would widen it).
    private mutating func joinMark(_ mark: Character, toCellAt index: Int) {
        let old = cells[index].text
        guard let oldCharacter = old.first else { return }
        let joined = old + String(mark)
        guard joined.count == 1, let character = joined.first,
            TerminalText.columns(of: character) == TerminalText.columns(of: oldCharacter)
        else { return }
        cells[index].text = joined
    }

    /// Traps when a wide character lost a half: every continuation follows a two-column
    /// character and every two-column character is followed by a continuation.
    /// Compiled in debug builds only (`TUILIST_INVARIANTS`).
    func _checkInvariants() {
        _checkInvariants(lines: 0 ..< height)
    }

    /// The same check on some lines only: after drawing, the lines it touched (a wide
    /// character and its continuation are always on one line), so a check costs what the
    /// drawing did rather than the whole canvas.
    func _checkInvariants(lines: Range<Int>) {
        precondition(cells.count == width * height, "Canvas has \(cells.count) cells for \(width)×\(height)")
        for y in lines.clamped(to: 0 ..< height) {
            let base = y * width
            var x = 0
            while x < width {
                let cell = cells[base + x]
                precondition(
                    !cell.isContinuation, "Canvas cell (\(x), \(y)) is a continuation without a wide character before it")
                // One ASCII byte (most cells) is one column: no grapheme breaking, no width
                // lookup; a cluster of more scalars is measured.
                let utf8 = cell.text.utf8
                let columns =
                    utf8.count == 1 && utf8.first! < 0x80 ? 1 : cell.text.first.map { TerminalText.columns(of: $0) } ?? 1
                if columns == 2 {
                    precondition(
                        x + 1 < width && cells[base + x + 1].isContinuation,
                        "Canvas cell (\(x), \(y)) holds wide \"\(cell.text)\" without a continuation after it")
                    x += 2
                } else {
                    x += 1
                }
            }
        }
    }

    /// This canvas with every ``TextAttributes/bar`` in colours (``Style/barInColour``).
    /// - Complexity: O(cells).
    func withBarsInColour() -> Canvas {
        var copy = self
        for index in copy.cells.indices where copy.cells[index].style.attributes.contains(.bar) {
            copy.cells[index].style = copy.cells[index].style.barInColour
        }
        return copy
    }

    /// Changes the style of every cell in rect (for highlight, dim, selection overlays). A wide
    /// character cut by the rect's edge takes the new style on both halves.
    /// - Complexity: O(cells in `rect`).
    package mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y ..< area.maxY {
            let base = y * width
            for x in area.x ..< area.maxX {
                transform(&cells[base + x].style)
            }
            if area.x > 0, cells[base + area.x].isContinuation {
                cells[base + area.x - 1].style = cells[base + area.x].style
            }
            if area.maxX < width, cells[base + area.maxX].isContinuation {
                cells[base + area.maxX].style = cells[base + area.maxX - 1].style
            }
        }
    }

    /// The text of each line, exactly `width` columns wide as a terminal shows it (a wide char
    /// once, no placeholder for its right half), trailing spaces kept. Golden tests compare these.
    /// - Complexity: O(`width * height`).
    public var lines: [String] {
        (0 ..< height).map { line(at: $0) }
    }

    /// The text of line `y`, as in `lines`.
    public func line(at y: Int) -> String {
        precondition(y >= 0 && y < height, "Line \(y) is outside the \(width)×\(height) canvas")
        var result = ""
        result.reserveCapacity(width)
        for x in 0 ..< width {
            result += cells[y * width + x].text
        }
        return result
    }

    /// Writes `cell` at (x, y) taking `columns` (1 or 2) columns, blanking the other half of any
    /// wide character it overlaps. The caller has checked the bounds.
    @usableFromInline mutating func put(_ cell: CanvasCell, x: Int, y: Int, columns: Int) {
        breakWideCharacters(y: y, from: x, to: x + columns)
        let index = y * width + x
        cells[index] = cell
        if columns == 2 {
            cells[index + 1] = CanvasCell(text: "", style: cell.style)
        }
    }

    /// Before columns `from..<to` of line `y` are overwritten: blanks the outer half of a wide
    /// character that straddles either end, so no half of a wide character is left behind.
    @usableFromInline mutating func breakWideCharacters(y: Int, from: Int, to: Int) {
        let base = y * width
        if from > 0, from < width, cells[base + from].isContinuation {
            cells[base + from - 1].text = " "
        }
        if to < width, to > 0, cells[base + to].isContinuation {
            cells[base + to].text = " "
        }
    }
}

extension Canvas {
    /// A copy of this canvas cut or padded to `width`×`height` (new cells blank). A wide
    /// character cut by the new right edge becomes a space.
    func fitted(width newWidth: Int, height newHeight: Int) -> Canvas {
        if newWidth == width && newHeight == height { return self }
        var result = Canvas(width: newWidth, height: newHeight)
        let w = Swift.min(width, result.width)
        for y in 0 ..< Swift.min(height, result.height) {
            for x in 0 ..< w {
                result.cells[y * result.width + x] = cells[y * width + x]
            }
            if w > 0, w < width, cells[y * width + w].isContinuation {
                result.cells[y * result.width + w - 1].text = " "
            }
        }
        if let cursor, result.bounds.contains(x: cursor.x, y: cursor.y) { result.cursor = cursor }
        return result
    }
}

/// A cell's place on a ``Canvas``: column `x` of line `y`, from 0.
public struct CanvasPoint: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The line.
    public var y: Int

    /// Column `x` of line `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
