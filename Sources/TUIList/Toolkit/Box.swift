/// A border around a region, with a title on its top edge: ratatui's `Block`.
///
/// ```swift
/// let inner = Box(title: "Preview").draw(into: &canvas, in: area)   // ┌ Preview ──┐
/// preview.draw(into: &canvas, in: inner)                             // │...        │
/// ```
///
/// A box needs 2×2 cells; in a smaller area it draws nothing and its inner area is empty.
public struct Box: Hashable, Sendable {
    /// The characters of a border.
    public enum Border: Hashable, Sendable {
        /// `┌─┐│└┘`
        case single
        /// `╭─╮│╰╯`
        case rounded
        /// `╔═╗║╚╝`
        case double
        /// `+-+|++`, for terminals without box-drawing characters.
        case ascii

        /// Top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
        var characters: (Character, Character, Character, Character, Character, Character) {
            switch self {
            case .single: return ("┌", "┐", "└", "┘", "─", "│")
            case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
            case .double: return ("╔", "╗", "╚", "╝", "═", "║")
            case .ascii: return ("+", "+", "+", "+", "-", "|")
            }
        }
    }

    /// The title on the top edge, or empty for none.
    var title: String
    /// The border's characters.
    var border: Border
    /// The border's style.
    var style: Style
    /// The title's style.
    var titleStyle: Style

    /// A box.
    /// - Parameters:
    ///   - title: The title on the top edge (empty: none); cut with "…" when the box is narrow.
    ///   - border: The border's characters.
    ///   - style: The border's style.
    ///   - titleStyle: The title's style.
    public init(title: String = "", border: Border = .single, style: Style = .plain, titleStyle: Style = Style(attributes: .bold))
    {
        self.title = title
        self.border = border
        self.style = style
        self.titleStyle = titleStyle
    }

    /// The area inside the border of a box drawn in `rect` (one cell in from each side).
    /// - Parameter rect: The box's area.
    /// - Returns: The inner area; empty when `rect` is smaller than 2×2.
    func inner(of rect: Rect) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        return Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    }

    /// Draws the border and the title in `rect`, leaving the inside as it was.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The box's area, border included.
    /// - Returns: The inner area (`inner(of:)`), for what goes inside.
    /// - Complexity: O(`rect.width + rect.height`).
    @discardableResult
    public func draw(into canvas: inout Canvas, in rect: Rect) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return inner(of: rect) }
        let (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = border.characters
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        canvas.fill(Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), with: horizontal, style: style)
        canvas.fill(Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), with: horizontal, style: style)
        canvas.fill(Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), with: vertical, style: style)
        canvas.fill(Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), with: vertical, style: style)
        canvas.fill(Rect(x: left, y: top, width: 1, height: 1), with: topLeft, style: style)
        canvas.fill(Rect(x: right, y: top, width: 1, height: 1), with: topRight, style: style)
        canvas.fill(Rect(x: left, y: bottom, width: 1, height: 1), with: bottomLeft, style: style)
        canvas.fill(Rect(x: right, y: bottom, width: 1, height: 1), with: bottomRight, style: style)
        // " Title " from the second column, leaving at least one border cell before the corner.
        if !title.isEmpty, rect.width >= 5 {
            canvas.draw(" " + title + " ", x: left + 1, y: top, style: titleStyle, maxWidth: rect.width - 3)
        }
        return inner(of: rect)
    }
}
