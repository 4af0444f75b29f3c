/// A one-line bar at the top of a screen: a title on the left and a detail (a count, a clock,
/// a file name) on the right, over the whole width in one style.
///
/// ```swift
/// TitleBar(title: "tuilist pick", detail: "12 of 340").draw(into: &canvas, in: canvas.bounds)
/// // " tuilist pick                12 of 340 " (reversed)
/// ```
///
/// When both do not fit, the detail goes first and the title is then cut with "…"; with
/// `keepsDetail` the title is cut instead, so the detail (a mode, "modified") always shows.
public struct TitleBar: Hashable, Sendable {
    /// The text on the left.
    var title: String
    /// The text on the right (empty: none).
    var detail: String
    /// The style of the whole line.
    var style: Style
    /// The title's style (drawn over ``style``'s background).
    var titleStyle: Style
    /// Whether the title gives way to the detail when both do not fit (by default the detail
    /// is dropped and the title kept).
    var keepsDetail: Bool

    /// A title bar.
    /// - Parameters:
    ///   - title: The text on the left.
    ///   - detail: The text on the right.
    ///   - style: The line's style (reversed by default).
    ///   - titleStyle: The title's style (reversed and bold by default).
    ///   - keepsDetail: Whether the title is cut to keep the whole detail when both do not fit.
    public init(
        title: String, detail: String = "", style: Style = Style(attributes: .reverse),
        titleStyle: Style = Style(attributes: [.reverse, .bold]), keepsDetail: Bool = false
    ) {
        self.title = title
        self.detail = detail
        self.style = style
        self.titleStyle = titleStyle
        self.keepsDetail = keepsDetail
    }

    /// Draws the bar on the first line of `rect`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area; only its first line is used.
    /// - Complexity: O(`rect.width`).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        drawBarLine(
            into: &canvas, in: rect, left: title, leftStyle: titleStyle, right: detail, rightStyle: style,
            fill: style, padding: 1, keepsRight: keepsDetail)
    }
}

/// A one-line bar at the bottom of a screen: what is going on (a message, the mode) on the
/// left, a position or count on the right.
///
/// ```swift
/// StatusLine(left: "3 marked", right: "41/340").draw(into: &canvas, in: Rect(x: 0, y: 23, width: 80, height: 1))
/// ```
///
/// When both do not fit, the right part is dropped first; the left is then cut with "…".
public struct StatusLine: Hashable, Sendable {
    /// The text on the left.
    var left: String
    /// The text on the right (empty: none).
    var right: String
    /// The style of the whole line.
    var style: Style

    /// A status line.
    /// - Parameters:
    ///   - left: The text on the left.
    ///   - right: The text on the right.
    ///   - style: The line's style (dim by default).
    public init(left: String, right: String = "", style: Style = Style(attributes: .dim)) {
        self.left = left
        self.right = right
        self.style = style
    }

    /// Draws the line on the first line of `rect`.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area; only its first line is used.
    /// - Complexity: O(`rect.width`).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        drawBarLine(
            into: &canvas, in: rect, left: left, leftStyle: style, right: right, rightStyle: style, fill: style, padding: 0)
    }
}

/// Fills the first line of `rect` with `fill`, then draws `left` from the left and `right`
/// flush right, `padding` cells in from each edge; `right` only when it fits beside `left`
/// with a space between, else `left` alone (cut with "…"). With `keepsRight`, `left` is cut
/// instead to leave room for `right` and a space.
func drawBarLine(
    into canvas: inout Canvas, in rect: Rect, left: String, leftStyle: Style, right: String, rightStyle: Style,
    fill: Style, padding: Int, keepsRight: Bool = false
) {
    guard !rect.isEmpty else { return }
    let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    canvas.clear(line, style: fill)
    let room = rect.width - 2 * padding
    guard room > 0 else { return }
    let leftWidth = TerminalText.columns(of: left)
    let rightWidth = TerminalText.columns(of: right)
    if keepsRight && !right.isEmpty {
        let shown = min(rightWidth, room)
        let leftRoom = room - shown - 1
        if leftRoom > 0 {
            canvas.draw(left, x: rect.x + padding, y: rect.y, style: leftStyle, maxWidth: leftRoom, clip: line)
        }
        canvas.draw(
            right, x: rect.x + padding + room - shown, y: rect.y, style: rightStyle, maxWidth: shown, clip: line)
        return
    }
    let showRight = !right.isEmpty && rightWidth + (leftWidth > 0 ? leftWidth + 1 : 0) <= room
    canvas.draw(left, x: rect.x + padding, y: rect.y, style: leftStyle, maxWidth: room, clip: line)
    if showRight {
        canvas.draw(right, x: rect.x + padding + room - rightWidth, y: rect.y, style: rightStyle, clip: line)
    }
}

extension TitleBar {
    /// The bar of the package's own apps: bold and reversed over the whole width, the title
    /// giving way to the detail (their mode or state must show).
    package static func boldBar(title: String, detail: String) -> TitleBar {
        let bar = Style(attributes: [.reverse, .bold])
        return TitleBar(title: title, detail: detail, style: bar, titleStyle: bar, keepsDetail: true)
    }
}
