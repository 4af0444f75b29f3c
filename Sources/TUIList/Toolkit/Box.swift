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
        /// `┏━┓┃┗┛`
        case bold
        /// Half blocks: `▛▀▜`, `▌ ▐`, `▙▄▟`.
        case block
        /// One-eighth blocks (Unicode 13's legacy computing corners): `🭽▔🭾`, `▏ ▕`, `🭼▁🭿`.
        case thinblock
        /// `╭╶╮┆╰╯`: dashed lines, rounded corners (fzf's `dashed`).
        case dashed

        /// The corners (top-left, top-right, bottom-left, bottom-right) and the edges (top,
        /// bottom, left, right).
        var characters: (corners: [Character], top: Character, bottom: Character, left: Character, right: Character) {
            switch self {
            case .single: return (["┌", "┐", "└", "┘"], "─", "─", "│", "│")
            case .rounded: return (["╭", "╮", "╰", "╯"], "─", "─", "│", "│")
            case .double: return (["╔", "╗", "╚", "╝"], "═", "═", "║", "║")
            case .ascii: return (["+", "+", "+", "+"], "-", "-", "|", "|")
            case .bold: return (["┏", "┓", "┗", "┛"], "━", "━", "┃", "┃")
            case .block: return (["▛", "▜", "▙", "▟"], "▀", "▄", "▌", "▐")
            case .thinblock: return (["\u{1FB7D}", "\u{1FB7E}", "\u{1FB7C}", "\u{1FB7F}"], "▔", "▁", "▏", "▕")
            case .dashed: return (["╭", "╮", "╰", "╯"], "╶", "╶", "┆", "┆")
            }
        }
    }

    /// Which edges a box draws (fzf's `--border` styles `horizontal`, `top` …), for the
    /// package's own apps.
    package enum Edges: Hashable, Sendable {
        case all, horizontal, vertical, top, bottom, left, right

        /// Whether the edges include the top, bottom, left and right one.
        var sides: (top: Bool, bottom: Bool, left: Bool, right: Bool) {
            switch self {
            case .all: (true, true, true, true)
            case .horizontal: (true, true, false, false)
            case .vertical: (false, false, true, true)
            case .top: (true, false, false, false)
            case .bottom: (false, true, false, false)
            case .left: (false, false, true, false)
            case .right: (false, false, false, true)
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
    /// The edges drawn: all four unless ``with(edges:padding:)`` says otherwise.
    package private(set) var edges = Edges.all
    /// Blank columns inside each of the left and right edges drawn.
    package private(set) var padding = 0

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

    /// This box drawing only `edges`, with `padding` blank columns inside its left and right
    /// edges (fzf draws `│ > query`).
    package func with(edges: Edges, padding: Int = 0) -> Box {
        var box = self
        box.edges = edges
        box.padding = max(0, padding)
        return box
    }

    /// The lines the top and bottom edges take together.
    package var edgeLines: Int {
        let sides = edges.sides
        return (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0)
    }

    /// The area inside the border of a box drawn in `rect` (one cell in from each edge drawn,
    /// and the padding).
    /// - Parameter rect: The box's area.
    /// - Returns: The inner area; empty when `rect` is smaller than 2×2.
    func inner(of rect: Rect) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let sides = edges.sides
        let left = sides.left ? 1 + padding : 0, right = sides.right ? 1 + padding : 0
        let top = sides.top ? 1 : 0, bottom = sides.bottom ? 1 : 0
        return Rect(
            x: rect.x + left, y: rect.y + top, width: max(0, rect.width - left - right), height: rect.height - top - bottom)
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
        let glyphs = border.characters
        let sides = edges.sides
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        // The edges run between the corners, which only two edges that meet make.
        let (x0, x1) = (sides.left ? left + 1 : left, sides.right ? right - 1 : right)
        let (y0, y1) = (sides.top ? top + 1 : top, sides.bottom ? bottom - 1 : bottom)
        if sides.top { canvas.fill(Rect(x: x0, y: top, width: x1 - x0 + 1, height: 1), with: glyphs.top, style: style) }
        if sides.bottom { canvas.fill(Rect(x: x0, y: bottom, width: x1 - x0 + 1, height: 1), with: glyphs.bottom, style: style) }
        if sides.left { canvas.fill(Rect(x: left, y: y0, width: 1, height: y1 - y0 + 1), with: glyphs.left, style: style) }
        if sides.right { canvas.fill(Rect(x: right, y: y0, width: 1, height: y1 - y0 + 1), with: glyphs.right, style: style) }
        for (index, (x, y, drawn)) in [
            (left, top, sides.top && sides.left), (right, top, sides.top && sides.right),
            (left, bottom, sides.bottom && sides.left), (right, bottom, sides.bottom && sides.right),
        ].enumerated() where drawn {
            canvas.fill(Rect(x: x, y: y, width: 1, height: 1), with: glyphs.corners[index], style: style)
        }
        // " Title " from the second column, leaving at least one border cell before the corner.
        if !title.isEmpty, sides.top, rect.width >= 5 {
            canvas.draw(" " + title + " ", x: left + 1, y: top, style: titleStyle, maxWidth: rect.width - 3)
        }
        return inner(of: rect)
    }
}
