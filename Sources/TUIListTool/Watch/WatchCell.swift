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
        canvas.drawRowLine(title, colored: colored, in: rect, highlighting: changed, with: Self.highlight)
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect)
    }
}
