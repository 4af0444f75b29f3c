import TUIList

extension Canvas {
    /// Draws a row's line one column in from each side of `rect` (in its colours when
    /// `colored` is set; its plain text is `line`), then highlights some of its characters: the
    /// picker's rows and watch's.
    /// - Parameters:
    ///   - line: The line's plain text.
    ///   - colored: Its colours (`--ansi`, `-c`), drawn instead of `line` when set.
    ///   - rect: The row.
    ///   - offsets: The characters to highlight, as `Character` offsets in `line`.
    ///   - style: The style laid over theirs.
    package mutating func drawRowLine(
        _ line: String, colored: ANSIText?, in rect: Rect, highlighting offsets: Set<Int>, with style: Style
    ) {
        let left = rect.x + min(1, rect.width / 4)
        let right = rect.maxX - min(1, rect.width / 4)
        if let colored {
            colored.draw(into: &self, x: left, y: rect.y, maxWidth: max(0, right - left), clip: rect)
        } else {
            draw(line, x: left, y: rect.y, maxWidth: max(0, right - left), clip: rect)
        }
        highlightCharacters(of: line, x: left, y: rect.y, right: right, at: offsets, with: style)
    }

    /// Overlays `style` on the cells of some characters of `text`, drawn from column `x` of line
    /// `y`: the picker's matched characters, watch's changed ones (`-d`).
    /// - Parameters:
    ///   - text: The text as drawn.
    ///   - x: Its first column.
    ///   - y: Its line.
    ///   - right: The column it stops before.
    ///   - offsets: The characters to highlight, as `Character` offsets in `text`.
    ///   - style: The style laid over theirs.
    /// - Complexity: O(*n*) in the characters of `text` up to the last offset or `right`.
    package mutating func highlightCharacters(
        of text: String, x: Int, y: Int, right: Int, at offsets: Set<Int>, with style: Style
    ) {
        guard let last = offsets.max() else { return }
        var column = x
        for (offset, character) in text.enumerated() {
            guard offset <= last, column < right else { break }
            let width = TerminalText.columns(of: String(character))
            if offsets.contains(offset) && width > 0 && column + width <= right {
                restyle(Rect(x: column, y: y, width: width, height: 1)) { $0 = $0.overlaid(with: style) }
            }
            column += width
        }
    }
}
