/// What a list shows when it has no items: a message centred in its area.
///
/// Lines of `text` (``LineSplitter/lines(of:)``: LF or CRLF ends one) are centred one by one, and the block of lines is centred
/// vertically; lines wider than the area end in "…", lines beyond its height are left out.
struct EmptyStateView: Hashable, Sendable {
    /// The message; may hold several lines.
    var text: String
    /// The style of the message.
    var style: Style

    /// A message in a style (dim by default).
    init(text: String, style: Style = Style(attributes: .dim)) {
        self.text = text
        self.style = style
    }

    /// Draws the message centred in `rect`.
    func draw(into canvas: inout Canvas, rect: Rect) {
        guard !rect.isEmpty, !text.isEmpty else { return }
        let lines = LineSplitter.lines(of: text).prefix(rect.height)
        let top = rect.y + (rect.height - lines.count) / 2
        for (offset, line) in lines.enumerated() {
            let w = min(TerminalText.columns(of: line), rect.width)
            canvas.draw(
                line, x: rect.x + (rect.width - w) / 2, y: top + offset, style: style,
                maxWidth: rect.width, clip: rect)
        }
    }
}
