import TUIList

/// A picker row: the line, with the characters the query matched in ``matchStyle`` (as fzf
/// shows them), under the usual selection and mark overlays.
package final class PickerCell: ListCell {
    /// The line.
    package var title = ""
    /// The line's colours (`--ansi`), drawn instead of ``title`` when set; its plain text is
    /// ``title``.
    package var colored: ANSIText?
    /// The offsets (`Character`s of ``title``) the query matched, ascending.
    package var matched: [Int] = []
    /// The style of the matched characters.
    package var matchStyle = Style(foreground: .ansi(2), attributes: .bold)

    /// A blank cell.
    package init() {}

    /// Forgets the line and its matches.
    package func prepareForReuse() {
        title = ""
        colored = nil
        matched = []
    }

    /// Draws the line one column in, restyles the matched characters, then the overlays.
    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        canvas.drawRowLine(title, colored: colored, in: rect, highlighting: Set(matched), with: matchStyle)
        CellState.applyStandardOverlays(
            state, to: &canvas, rect: rect, selected: Style(attributes: .reverse),
            unfocusedSelected: Style(attributes: .underline), marked: Style(foreground: .ansi(3), attributes: .bold))
    }
}
