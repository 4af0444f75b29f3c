import TUIList

/// A row of a line tool (the picker, `watch`): its line one column in, in the line's own
/// colours when it has them (`--ansi`, `-c`), with some of its characters restyled — the
/// picker's matched characters, `watch -d`'s changed ones — under the usual selection and
/// mark overlays.
package final class LineCell: ListCell {
    /// The line.
    package var title = ""
    /// The line's colours, drawn instead of ``title`` when set; its plain text is ``title``.
    package var colored: ANSIText?
    /// Offsets (`Character`s of ``title``) drawn in ``highlightStyle``.
    package var highlighted: Set<Int> = []
    /// The style of the highlighted characters (standout by default, as procps watch draws
    /// changes; the picker draws matches as fzf does, green and bold).
    package var highlightStyle = Style(attributes: [.reverse, .bold])
    /// The style a marked row is drawn in.
    package var markedStyle = Style(attributes: .bold)
    /// Whether a line too long for the row is scrolled left, with ``ellipsis`` at its start, so
    /// its last highlighted character shows (the picker's matches, as fzf shows them).
    package var showsLastHighlight = false
    /// What stands for the characters cut off at the start of a scrolled line (fzf's `··`).
    package var ellipsis = "··"
    /// Drawn in the gutter (the row's first column) when the row is marked.
    package var marker: String?
    /// Drawn in the gutter when the row is selected (over the marker).
    package var pointer: String?
    /// The style of ``marker``, laid over the row's.
    package var gutterStyle = Style(foreground: .ansi(5), attributes: .bold)
    /// The style of ``pointer``, laid over the row's.
    package var pointerStyle = Style(foreground: .ansi(5), attributes: .bold)
    /// The style laid over the selected row.
    package var selectedStyle = Style.selection
    /// The style of the highlighted characters on the selected row.
    package var selectedHighlightStyle: Style?
    /// How a line too wide for the row wraps (the picker's `--wrap`): the sign its later lines
    /// start with and whether it wraps at words; nil: it does not (it is cut, or scrolled to
    /// its last highlight). The row must be as high as ``lineCount(of:width:wrap:)`` says.
    package var wrap: (sign: String, atWords: Bool)?
    /// Whether the row is drawn dim (the picker's raw mode: a line the query does not match).
    package var dimmed = false
    /// How the carriage return of a CRLF inside a multi-line title is shown (the picker: fzf's
    /// `␍`, as it shows a lone one); nil: not at all, as the control character it is.
    package var carriageReturn: Character?

    /// An empty row.
    package init() {}

    /// Forgets the line and its highlights.
    package func prepareForReuse() {
        title = ""
        colored = nil
        highlighted = []
        dimmed = false
    }

    /// The lines a row of `title` takes: one per line of it (``LineSplitter``, a CR before a
    /// line feed the line's, as fzf reads an item), as fzf draws a multi-line item (a `--read0`
    /// item that holds a line break); at least 1.
    /// - Complexity: O(*n*) in the bytes of `title`.
    package static func lineCount(of title: String) -> Int {
        title.utf8.contains(0x0A) ? max(1, lines(of: title).count) : 1
    }

    /// The lines a row of `title` takes in a row `width` columns wide that wraps as `wrap`
    /// says (``lineCount(of:)`` when it does not, or when the title holds a line break).
    /// - Complexity: O(*n*) in the characters of `title` when it wraps.
    package static func lineCount(of title: String, width: Int, wrap: (sign: String, atWords: Bool)?) -> Int {
        guard let wrap, !title.utf8.contains(0x0A) else { return lineCount(of: title) }
        let room = textColumns(inRowOf: width)
        guard TerminalText.columns(of: title) > room else { return 1 }
        return wrappedPieces(of: Array(title), room: room, wrap: wrap).count
    }

    /// The columns a row `width` wide gives its text: one is kept free at either side
    /// (``Canvas/drawRowLine(_:colored:in:highlighting:with:)``'s inset), none on a row under 4.
    package static func textColumns(inRowOf width: Int) -> Int {
        width - 2 * min(1, width / 4)
    }

    /// The pieces of a wrapped title in a text area `room` columns wide.
    private static func wrappedPieces(
        of characters: [Character], room: Int, wrap: (sign: String, atWords: Bool)
    )
        -> [Range<Int>]
    {
        LineWrap.pieces(
            of: characters, width: room, rest: room - TerminalText.columns(of: wrap.sign), atWords: wrap.atWords)
    }

    /// The lines of a multi-line title, as fzf splits an item: at each line feed, a CR before it
    /// the line's.
    private static func lines(of title: String) -> [String] {
        var title = title
        return title.withUTF8 { bytes in
            var lines: [String] = []
            LineSplitter.forEachLine(in: bytes) {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self))
            }
            return lines
        }
    }

    /// Draws the line, restyles the highlighted characters, then the overlays. A title with
    /// line breaks in a row of more than one line (``lineCount(of:)``) is drawn a line of it
    /// per line of the row, as fzf draws a multi-line item.
    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        let highlight = state.isSelected ? selectedHighlightStyle ?? highlightStyle : highlightStyle
        if rect.height > 1, title.utf8.contains(0x0A) {
            drawLines(into: &canvas, rect: rect, highlight: highlight)
        } else if rect.height > 1, let wrap {
            drawWrapped(into: &canvas, rect: rect, highlight: highlight, wrap: wrap)
        } else {
            drawLine(into: &canvas, rect: rect, highlight: highlight)
        }
        if dimmed { canvas.restyle(rect) { $0.attributes.insert(.dim) } }
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect, selected: selectedStyle, marked: markedStyle)
        let showsPointer = state.isSelected && pointer != nil
        if let gutter = showsPointer ? pointer : state.isMarked ? marker : nil, rect.width >= 4 {
            let under = canvas[rect.x, rect.y].style
            canvas.draw(
                gutter, x: rect.x, y: rect.y, style: under.overlaid(with: showsPointer ? pointerStyle : gutterStyle),
                maxWidth: 1)
        }
    }

    /// Each line of a multi-line title on a line of `rect`, with its colours and highlights. A
    /// line break is one `Character` of the title, "\n" or "\r\n"; the CR of a "\r\n" ends
    /// its line, shown as ``carriageReturn``, and stands for that Character's offset.
    private func drawLines(into canvas: inout Canvas, rect: Rect, highlight: Style) {
        let lines = Self.lines(of: title)
        var start = 0
        for (index, (y, line)) in zip(rect.y ..< rect.maxY, lines).enumerated() {
            let count = line.count  // Characters of the title this line shows (its CR: the "\r\n")
            let crlf = index < lines.count - 1 && line.last == "\r"
            let range = start ..< start + count
            let marks = Set(highlighted.compactMap { range.contains($0) ? $0 - start : nil })
            var shown = line
            if crlf, let symbol = carriageReturn {
                shown.removeLast()
                shown.append(symbol)
            }
            // (Colours only when they are this title's: their runs count its characters.)
            let part = colored.flatMap { $0.plain == title ? ANSIText(plain: shown, runs: $0.runs(in: range)) : nil }
            canvas.drawRowLine(
                shown, colored: part, in: Rect(x: rect.x, y: y, width: rect.width, height: 1), highlighting: marks,
                with: highlight)
            start += crlf ? count : count + 1
        }
    }

    /// The title over the row's lines, wrapped: each later piece after ``wrap``'s sign (dim),
    /// with its colours and highlights.
    private func drawWrapped(
        into canvas: inout Canvas, rect: Rect, highlight: Style, wrap: (sign: String, atWords: Bool)
    ) {
        let characters = Array(title)
        let room = Self.textColumns(inRowOf: rect.width)
        let signWidth = TerminalText.columns(of: wrap.sign)
        for (index, range) in Self.wrappedPieces(of: characters, room: room, wrap: wrap).enumerated()
        where rect.y + index < rect.maxY {
            var line = Rect(x: rect.x, y: rect.y + index, width: rect.width, height: 1)
            if index > 0 {
                canvas.draw(
                    wrap.sign, x: rect.x + min(1, rect.width / 4), y: line.y, style: Style(attributes: .dim),
                    maxWidth: signWidth)
                line = Rect(x: rect.x + signWidth, y: line.y, width: rect.width - signWidth, height: 1)
            }
            let piece = String(characters[range])
            let marks = Set(highlighted.compactMap { range.contains($0) ? $0 - range.lowerBound : nil })
            let part = colored.flatMap { $0.plain == title ? ANSIText(plain: piece, runs: $0.runs(in: range)) : nil }
            canvas.drawRowLine(piece, colored: part, in: line, highlighting: marks, with: highlight)
        }
    }

    /// The title on the row's line, scrolled left to show its last highlight when it must be.
    private func drawLine(into canvas: inout Canvas, rect: Rect, highlight: Style) {
        var (title, colored, highlighted) = (self.title, self.colored, self.highlighted)
        if showsLastHighlight, let last = highlighted.max() {
            // drawRowLine's text area: one column in from either side.
            let room = Self.textColumns(inRowOf: rect.width)
            let cut = Self.charactersToCut(from: title, toShow: last, in: room, ellipsis: ellipsis)
            if cut > 0 {
                let kept = title.dropFirst(cut)
                title = ellipsis + kept
                colored = colored.map { Self.dropping(cut, from: $0, prefix: ellipsis) }
                highlighted = Set(highlighted.compactMap { $0 >= cut ? $0 - cut + ellipsis.count : nil })
            }
        }
        canvas.drawRowLine(title, colored: colored, in: rect, highlighting: highlighted, with: highlight)
    }

    /// How many characters to cut from the start of `text` so that character `last` shows within
    /// `room` columns after `ellipsis`: the whole rest of the line when it then fits, else
    /// `last` on the column before the right edge's `…`. 0 when `last` shows already.
    /// - Complexity: O(*n*) in the characters of `text`.
    package static func charactersToCut(from text: String, toShow last: Int, in room: Int, ellipsis: String) -> Int {
        let widths = text.map { TerminalText.columns(of: $0) }
        guard last < widths.count else { return 0 }
        let total = widths.reduce(0, +)
        let throughLast = widths[...last].reduce(0, +)
        // Without a cut, the line is cut on the right with one `…` column, unless it all fits.
        if total <= room || throughLast <= room - 1 { return 0 }
        let ellipsisWidth = TerminalText.columns(of: ellipsis)
        // The whole rest of the line, when that keeps `last` in view; else a few columns after
        // `last` (as fzf keeps) before the right edge's `…`.
        let showsToEnd = total - throughLast < room / 2
        var end = (showsToEnd ? total : throughLast + min(10, room / 4) + 1) + ellipsisWidth
        var cut = 0
        while end > room && cut < last {
            end -= widths[cut]
            cut += 1
        }
        return cut
    }

    /// `text` without its first `count` characters, `prefix` (unstyled) before the rest.
    private static func dropping(_ count: Int, from text: ANSIText, prefix: String) -> ANSIText {
        let shift = prefix.count - count
        var runs = [ANSIText.Run(range: 0 ..< prefix.count, style: .plain)]
        for run in text.runs where run.range.upperBound > count {
            let range = max(run.range.lowerBound, count) + shift ..< run.range.upperBound + shift
            runs.append(ANSIText.Run(range: range, style: run.style))
        }
        return ANSIText(plain: prefix + text.plain.dropFirst(count), runs: runs)
    }
}
