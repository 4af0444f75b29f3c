/// How a cell looks: foreground and background colour and text attributes.
///
/// ```swift
/// var selected = Style.plain
/// selected.attributes.insert(.reverse)
/// canvas.draw("Inbox", x: 0, y: 0, style: selected)
/// ```
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor = .default
    /// The cell's background colour.
    public var background: TerminalColor = .default
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes = []

    /// Creates a style; every part defaults to the terminal's default look.
    public init(
        foreground: TerminalColor = .default, background: TerminalColor = .default,
        attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Default colours, no attributes.
    public static let plain = Style()
    /// A selected row's bar: reverse video, in colours on a terminal that erases in them (see
    /// ``TextAttributes/bar``). The built-in cells lay it over the selected row.
    public static let selection = Style(attributes: [.reverse, .bar])

    /// This style as a terminal of 256 colours with `bce` draws it: a ``TextAttributes/bar``
    /// not reversed, its foreground (light grey, 254, when it has none) on dark grey (236).
    var barInColour: Style {
        guard attributes.contains(.bar) else { return self }
        var bar = self
        bar.attributes.subtract([.bar, .reverse])
        if bar.foreground == .default { bar.foreground = .indexed(254) }
        bar.background = .indexed(236)
        return bar
    }
}
