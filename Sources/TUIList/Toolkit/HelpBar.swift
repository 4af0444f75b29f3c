/// The one-line help at the foot of a screen: the ``KeyBinding/bar`` texts of a keymap
/// (`"↑↓ move  / filter  ? help  q quit"`), as many whole items as fit.
///
/// ```swift
/// HelpBar(keymap).draw(into: &canvas, in: Rect(x: 0, y: 23, width: 80, height: 1))
/// ```
///
/// Items are shown in order and never cut: the first one that does not fit ends the bar. Put
/// the ones a person needs in a narrow window (help, quit) first.
public struct HelpBar: Hashable, Sendable {
    /// The items, in order.
    var items: [String]
    /// What goes between two items.
    var separator: String
    /// The line's style.
    var style: Style
    /// A label before the items (the mode's name: `" DRAG  "`), drawn whole before any item.
    public var label = ""

    /// A bar of `items`.
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - separator: What goes between two items.
    ///   - style: The line's style (dim by default).
    public init(items: [String], separator: String = "  ", style: Style = Style(attributes: .dim)) {
        self.items = items
        self.separator = separator
        self.style = style
    }

    /// The bar of a keymap: its ``Keymap/barItems``.
    /// - Parameters:
    ///   - keymap: The keymap in force.
    ///   - separator: What goes between two items.
    ///   - style: The line's style.
    public init<Action>(_ keymap: Keymap<Action>, separator: String = "  ", style: Style = Style(attributes: .dim)) {
        self.init(items: keymap.barItems, separator: separator, style: style)
    }

    /// The text shown in `width` columns: the leading items that fit whole, joined.
    /// - Parameter width: The columns available.
    /// - Returns: The text.
    /// - Complexity: O(total length of the items).
    func text(width: Int) -> String {
        var text = ""
        var used = TerminalText.columns(of: label)
        let gap = TerminalText.columns(of: separator)
        for item in items {
            let columns = TerminalText.columns(of: item) + (text.isEmpty ? 0 : gap)
            guard used + columns <= width else { break }
            text += (text.isEmpty ? "" : separator) + item
            used += columns
        }
        return label + text
    }

    /// Clears the first line of `rect` and draws the bar on it.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area; only its first line is used.
    /// - Complexity: O(`rect.width` + total length of the items).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        canvas.clear(line, style: style)
        canvas.draw(text(width: rect.width), x: rect.x, y: rect.y, style: style, clip: line)
    }
}
