import TUIList

/// A row of `tuilist watch`: its line (in its colours with `-c`), with the characters `-d`
/// found changed drawn in ``highlight``.
package final class WatchCell: ListCell {
    /// The line.
    package var title = ""
    /// The line's colours (`-c`), drawn instead of ``title`` when set; its plain text is
    /// ``title``.
    package var colored: ANSIText?
    /// Offsets (in characters) of ``title`` drawn highlighted.
    package var changed: Set<Int> = []
    /// The style of changed characters (standout, as procps watch draws them).
    package static let highlight = Style(attributes: [.reverse, .bold])

    /// An empty row.
    package init() {}

    package func prepareForReuse() {
        title = ""
        colored = nil
        changed = []
    }

    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        let left = rect.x + min(1, rect.width / 4)
        let right = rect.maxX - min(1, rect.width / 4)
        if let colored {
            colored.draw(into: &canvas, x: left, y: rect.y, maxWidth: max(0, right - left), clip: rect)
        } else {
            canvas.draw(title, x: left, y: rect.y, maxWidth: max(0, right - left), clip: rect)
        }
        if !changed.isEmpty {
            var column = left
            for (offset, character) in title.enumerated() {
                guard column < right else { break }
                let width = TerminalText.columns(of: String(character))
                if changed.contains(offset) && width > 0 && column + width <= right {
                    canvas.restyle(Rect(x: column, y: rect.y, width: width, height: 1)) { style in
                        style = style.overlaid(with: Self.highlight)
                    }
                }
                column += width
            }
        }
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect)
    }
}
