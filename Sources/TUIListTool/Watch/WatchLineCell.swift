import TUIList

/// A row of `tuilist watch`: its line from the row's first column, as procps watch draws the
/// output; a line longer than the row wraps onto the lines below it (the row is as tall as
/// ``lineCount(of:width:)`` says) or, with `--no-wrap`, is cut and scrolls sideways by
/// ``firstColumn``. In the line's own colours (`-c`), with `-d`'s changed characters in
/// standout, under the usual selection overlay. A carriage return inside the line (one before
/// its line feed ends the line: ``LineSplitter``) takes a blank column, as procps watch 4 draws it.
package final class WatchLineCell: ListCell {
    /// The line as drawn (its tabs already expanded).
    package var line = ""
    /// The line's colours, drawn over ``line`` when set; its plain text is ``line``.
    package var colored: ANSIText?
    /// Offsets (`Character`s of ``line``) drawn in ``highlightStyle`` (`-d`).
    package var highlighted: Set<Int> = []
    /// The style of the highlighted characters: standout, as procps watch draws changes.
    package var highlightStyle = Style(attributes: [.reverse, .bold])
    /// Whether a long line wraps (the default) or is cut at the row's right edge.
    package var wraps = true
    /// Not wrapping: the columns of the line scrolled off to the left.
    package var firstColumn = 0

    /// An empty row.
    package init() {}

    /// The lines ``line`` takes at `width` when it wraps.
    package func height(forWidth width: Int) -> Int {
        wraps ? Self.lineCount(of: line, width: width) : 1
    }

    /// Forgets the line, its colours and highlights.
    package func prepareForReuse() {
        line = ""
        colored = nil
        highlighted = []
        firstColumn = 0
    }

    /// The lines `text` takes wrapped at `width` columns (at least 1): a character that does not
    /// fit the rest of a line starts the next one, so a wide character is never split.
    /// - Complexity: O(1) when `text` has no more bytes than `width` (a character takes no more
    ///   columns than bytes); else O(*n*) in its characters.
    package static func lineCount(of text: String, width: Int) -> Int {
        guard width > 0, text.utf8.count > width else { return 1 }
        var lines = 1, column = 0
        for character in text {
            let w = character == "\r" ? 1 : TerminalText.columns(of: character)
            if column + w > width && column > 0 {
                lines += 1
                column = 0
            }
            column += w
        }
        return lines
    }

    /// Draws the line character by character (wrapped or scrolled), each in its run's colours
    /// and the highlight, then the selection overlay.
    /// - Complexity: O(characters of the line up to the row's last cell).
    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        let runs = colored?.runs ?? []
        var runIndex = 0
        var row = 0, column = 0
        for (offset, character) in line.enumerated() {
            let character: Character = character == "\r" ? " " : character
            let width = TerminalText.columns(of: character)
            guard width > 0 else { continue }
            var x: Int
            if wraps {
                if column + width > rect.width && column > 0 {
                    row += 1
                    column = 0
                }
                guard row < rect.height else { break }
                x = column
            } else {
                x = column - firstColumn
                guard x + width <= rect.width else { break }
            }
            column += width
            guard x >= 0 else { continue }
            var style = Style.plain
            if !runs.isEmpty {
                while runIndex < runs.count - 1, runs[runIndex].range.upperBound <= offset { runIndex += 1 }
                style = runs[runIndex].style
            }
            if highlighted.contains(offset) { style = style.overlaid(with: highlightStyle) }
            canvas.draw(String(character), x: rect.x + x, y: rect.y + row, style: style, clip: rect)
        }
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect)
    }
}
