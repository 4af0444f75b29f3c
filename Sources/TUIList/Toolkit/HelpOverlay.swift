/// The full help, drawn over the screen in a box: every binding of one or more keymaps, its
/// keys in a left column and what they do on the right, in sections.
///
/// ```swift
/// let help = HelpOverlay(title: "Keys", sections: [
///     .init("List", list.keymap),
///     .init("App", appKeymap),
/// ])
/// if showHelp { help.draw(into: &canvas, in: canvas.bounds) }
/// ```
///
/// The box is as wide as its longest line and as tall as its lines, centred, at most the area
/// less a margin (2 columns on each side, a line above and below; `usesMargin`); rows that
/// do not fit end in a "…" row. Long help texts are cut with "…", and the keys column at half
/// the box when the box is narrower than its lines. The box's inside is cleared, so the screen
/// behind does not show through.
public struct HelpOverlay: Hashable, Sendable {
    /// A group of rows under an optional heading.
    public struct Section: Hashable, Sendable {
        /// The heading (nil: none).
        var heading: String?
        /// Each row's keys and what they do.
        public var rows: [Row]

        /// A section of `rows`.
        /// - Parameters:
        ///   - heading: The heading, or nil.
        ///   - rows: The rows.
        public init(_ heading: String? = nil, rows: [Row]) {
            self.heading = heading
            self.rows = rows
        }

        /// A section of a keymap's bindings (``KeyBinding/keysLabel`` and ``KeyBinding/help``);
        /// bindings without help text are left out.
        /// - Parameters:
        ///   - heading: The heading, or nil.
        ///   - keymap: The keymap.
        public init<Action>(_ heading: String? = nil, _ keymap: Keymap<Action>) {
            self.init(
                heading, rows: keymap.bindings.filter { !$0.help.isEmpty }.map { Row(keys: $0.keysLabel, help: $0.help) })
        }
    }

    /// One line of help: the keys and what they do.
    public struct Row: Hashable, Sendable {
        /// The keys as written (`"↑↓ j k"`).
        public var keys: String
        /// What they do.
        public var help: String

        /// A row.
        /// - Parameters:
        ///   - keys: The keys as written.
        ///   - help: What they do.
        public init(keys: String, help: String) {
            self.keys = keys
            self.help = help
        }
    }

    /// The box's title.
    var title: String
    /// The sections, in order.
    var sections: [Section]
    /// A line under the rows (`"any key closes the help"`), or empty.
    var footer: String
    /// The box's border.
    var box: Box
    /// The keys column's style.
    var keyStyle: Style
    /// The help column's and footer's style.
    var textStyle: Style
    /// Whether the box leaves a margin of the area around it (2 columns on each side, a line
    /// above and below, in areas of at least 12×8); false lets a long key table take the whole
    /// area.
    package var usesMargin = true

    /// A help overlay.
    /// - Parameters:
    ///   - title: The box's title.
    ///   - sections: The sections, in order.
    ///   - footer: A line under the rows, or empty.
    ///   - border: The box's border.
    ///   - keyStyle: The keys column's style (bold by default).
    ///   - textStyle: The help column's style.
    public init(
        title: String = "Keys", sections: [Section], footer: String = "", border: Box.Border = .rounded,
        keyStyle: Style = Style(attributes: .bold), textStyle: Style = .plain
    ) {
        self.title = title
        self.sections = sections
        self.footer = footer
        self.box = Box(title: title, border: border)
        self.keyStyle = keyStyle
        self.textStyle = textStyle
    }

    /// A help overlay of one keymap.
    /// - Parameters:
    ///   - keymap: The keymap whose bindings are shown.
    ///   - title: The box's title.
    ///   - footer: A line under the rows, or empty.
    public init<Action>(_ keymap: Keymap<Action>, title: String = "Keys", footer: String = "") {
        self.init(title: title, sections: [Section(nil, keymap)], footer: footer)
    }

    /// The lines inside the box, before fitting: headings, rows, blank lines between sections,
    /// the footer. `nil` keys mark a heading or footer.
    private var lines: [(keys: String?, text: String)] {
        var lines: [(keys: String?, text: String)] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append((nil, "")) }
            if let heading = section.heading { lines.append((nil, heading)) }
            for row in section.rows { lines.append((row.keys, row.help)) }
        }
        if !footer.isEmpty {
            lines.append((nil, ""))
            lines.append((nil, footer))
        }
        return lines
    }

    /// The box's area in `rect` and whether the box is narrower than its lines.
    private func layout(in rect: Rect) -> (frame: Rect, isNarrowed: Bool) {
        let lines = self.lines
        let keysWidth = lines.compactMap { $0.keys.map(TerminalText.columns(of:)) }.max() ?? 0
        var contentWidth = TerminalText.columns(of: title) + 2
        for line in lines {
            let w = line.keys == nil ? TerminalText.columns(of: line.text) : keysWidth + 2 + TerminalText.columns(of: line.text)
            contentWidth = max(contentWidth, w)
        }
        let marginX = usesMargin && rect.width >= 12 ? 2 : 0, marginY = usesMargin && rect.height >= 8 ? 1 : 0
        let width = min(contentWidth + 4, rect.width - 2 * marginX)
        let height = min(lines.count + 2, rect.height - 2 * marginY)
        let frame = Rect(
            x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
        return (frame, contentWidth + 4 > width)
    }

    /// The box's area in `rect`: centred, as big as the content or the area less a margin.
    /// - Parameter rect: The area the overlay covers.
    /// - Returns: The box's area (border included).
    func frame(in rect: Rect) -> Rect {
        layout(in: rect).frame
    }

    /// Draws the box and its rows over `rect`'s centre.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area the overlay covers (usually the whole canvas).
    /// - Complexity: O(rows + cells of the box).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        let layout = self.layout(in: rect)
        let frame = layout.frame
        guard frame.width >= 2, frame.height >= 2 else { return }
        canvas.clear(frame)
        let inside = box.draw(into: &canvas, in: frame)
        // One column of padding on each side, inside the border.
        let area = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: inside.height)
        guard !area.isEmpty else { return }
        var lines = self.lines
        if lines.count > area.height {
            lines = Array(lines.prefix(area.height - 1)) + [(nil, "…")]
        }
        // The keys are cut (at half the box) only when the box is narrower than its lines.
        let widest = lines.compactMap { $0.keys.map(TerminalText.columns(of:)) }.max() ?? 0
        let keysWidth = layout.isNarrowed ? min(widest, max(1, area.width / 2)) : widest
        for (offset, line) in lines.enumerated() {
            let y = area.y + offset
            if let keys = line.keys {
                canvas.draw(keys, x: area.x, y: y, style: keyStyle, maxWidth: keysWidth, clip: area)
                canvas.draw(line.text, x: area.x + keysWidth + 2, y: y, style: textStyle, clip: area)
            } else {
                canvas.draw(line.text, x: area.x, y: y, style: textStyle, clip: area)
            }
        }
    }
}
