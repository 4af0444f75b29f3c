/// A section's header: a bold title flush left, an optional dim detail (e.g. a count) at the
/// right. One line tall. A list without a header provider shows one of these per section,
/// titled with the section identifier's description.
///
/// ```
/// Fruit                                3
/// ```
public final class SectionHeaderCell: ListCell {
    /// The section's name.
    public var title: String = ""
    /// Text at the right end, e.g. the number of items; `nil` for none.
    public var detail: String?
    /// The style of the title.
    package var titleStyle = Style(attributes: .bold)
    /// The style of the detail.
    var detailStyle = Style(attributes: .dim)
    /// The style of the whole line beneath the text (e.g. a background colour).
    var backgroundStyle: Style = .plain

    /// A header with no text.
    public init() {}

    /// Clears the title and the detail; styles stay.
    public func prepareForReuse() {
        title = ""
        detail = nil
    }

    /// Draws the title flush left and the detail at the right end, on the first line.
    public func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        if backgroundStyle != .plain { canvas.clear(rect, style: backgroundStyle) }
        var end = rect.maxX
        if let detail, !detail.isEmpty {
            let w = TerminalText.columns(of: detail)
            if w + 2 <= rect.width / 2 {
                end -= w
                canvas.draw(detail, x: end, y: rect.y, style: backgroundStyle.overlaid(with: detailStyle), clip: rect)
                end -= 1
            }
        }
        canvas.draw(
            title, x: rect.x, y: rect.y, style: backgroundStyle.overlaid(with: titleStyle),
            maxWidth: end - rect.x, clip: rect)
        CellState.applyStandardOverlays(state, to: &canvas, rect: rect)
    }
}
