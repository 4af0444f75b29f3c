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

    /// An empty row.
    package init() {}

    /// Forgets the line and its highlights.
    package func prepareForReuse() {
        title = ""
        colored = nil
        highlighted = []
    }

    /// Draws the line, restyles the highlighted characters, then the overlays.
    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        canvas.drawRowLine(title, colored: colored, in: rect, highlighting: highlighted, with: highlightStyle)
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect, marked: markedStyle)
    }
}
