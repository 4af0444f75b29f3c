/// A yes/no question drawn in a box over the whole screen: `y` says yes, `n` or Esc no.
///
/// ``ListScreen/confirm(_:then:)`` opens one as the screen's ``ListScreenMode/confirming`` mode
/// and hands the app its action only on yes; an app without a list screen draws it itself.
///
/// ```swift
/// ConfirmPrompt("Delete Ada Lovelace?").draw(into: &canvas, in: canvas.bounds)
/// //      ╭──────────────────────────╮
/// //      │ Delete Ada Lovelace?     │
/// //      │ y yes  n no              │
/// //      ╰──────────────────────────╯
/// ```
public struct ConfirmPrompt: Hashable, Sendable {
    /// The question.
    var question: String
    /// The line under it naming the keys.
    var hint: String
    /// The box around it.
    var box: Box

    /// A prompt.
    /// - Parameters:
    ///   - question: The question.
    ///   - hint: The line naming the keys.
    public init(_ question: String, hint: String = "y yes  n no") {
        self.question = question
        self.hint = hint
        box = Box(border: .rounded)
    }

    /// Draws the box centred in `rect` (as wide as its longer line, at most `rect`), its inside
    /// cleared.
    /// - Parameters:
    ///   - canvas: Where to draw.
    ///   - rect: The area to centre in (the whole screen).
    /// - Complexity: O(the box's cells).
    public func draw(into canvas: inout Canvas, in rect: Rect) {
        let area = rect.intersection(canvas.bounds)
        guard area.width >= 5, area.height >= 4 else {
            guard !area.isEmpty else { return }
            canvas.clear(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: Style(attributes: .reverse))
            canvas.draw(
                "\(question) (y/n)", x: area.x, y: area.y, style: Style(attributes: .reverse), maxWidth: area.width)
            return
        }
        let inner = max(TerminalText.columns(of: question), TerminalText.columns(of: hint)) + 2
        let width = min(area.width, inner + 2)
        let frame = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - 4) / 2, width: width, height: 4)
        canvas.clear(frame)
        let inside = box.draw(into: &canvas, in: frame)
        canvas.draw(question, x: inside.x + 1, y: inside.y, style: Style(attributes: .bold), maxWidth: inside.width - 1)
        canvas.draw(hint, x: inside.x + 1, y: inside.y + 1, style: Style(attributes: .dim), maxWidth: inside.width - 1)
    }
}
