import TUIList

/// A row of `tuilist edit`: the line's original number in a dim gutter, then (rebase todos)
/// the action as a coloured badge (with `fixup`'s `-C`/`-c`, as git writes it) and the short
/// hash, then the text.
///
/// ```
///    3 │ pick   1a2b3c4 Add the parser
///    1 │ fixup  5d6e7f8 fix typo
///    2 │ fixup -C 9a8b7c6 amend! Add the parser
/// ```
///
/// Control characters show as their Unicode pictures (␉ for a tab), so a line can never move
/// the terminal's cursor; the file keeps its bytes.
package final class EditLineCell: ListCell {
    /// The original line number (1-based), right-aligned in ``gutterWidth`` columns; nil for
    /// a line added in the editor, shown as `+`.
    package var lineNumber: Int? = 0
    /// Columns for the line number.
    package var gutterWidth = 3
    /// The action word of a rebase commit, or nil.
    package var action: RebaseAction?
    /// `fixup`'s `-C` or `-c`, drawn with the action (`fixup -C`), or nil.
    package var flag: String?
    /// A rebase command that is not a commit (`exec`, `label`, ...), shown like an action.
    package var command: String?
    /// The commit's hash (rebase todos).
    package var hash: String?
    /// The text: the whole line, or a commit's subject.
    package var text = ""

    /// A blank cell.
    package init() {}

    /// Clears the content.
    package func prepareForReuse() {
        lineNumber = 0
        action = nil
        flag = nil
        command = nil
        hash = nil
        text = ""
    }

    /// The badge colour of each action: the keepers green, the changers yellow, drop red.
    package static func style(of action: RebaseAction) -> Style {
        switch action {
        case .pick: return Style(foreground: .green, attributes: .bold)
        case .reword, .edit: return Style(foreground: .blue, attributes: .bold)
        case .squash, .fixup: return Style(foreground: .yellow, attributes: .bold)
        case .drop: return Style(foreground: .red, attributes: .bold)
        }
    }

    /// Draws gutter, badge, hash and text, then the selection and mark overlays.
    package func draw(into canvas: inout Canvas, rect: Rect, state: CellState) {
        guard !rect.isEmpty else { return }
        var x = rect.x
        let number = lineNumber.map(String.init) ?? "+"
        let pad = max(0, gutterWidth - number.count)
        x += canvas.draw(
            String(repeating: " ", count: pad) + number + " │ ", x: x, y: rect.y,
            style: Style(attributes: .dim), clip: rect)
        if let action {
            let word = action.rawValue + (flag.map { " \($0)" } ?? "")
            x += canvas.draw(word.padding(to: 7), x: x, y: rect.y, style: Self.style(of: action), clip: rect)
        } else if let command {
            x += canvas.draw(
                command.padding(to: 7), x: x, y: rect.y, style: Style(foreground: .magenta, attributes: .bold), clip: rect)
        }
        if let hash {
            x += canvas.draw(hash + " ", x: x, y: rect.y, style: Style(foreground: .yellow), clip: rect)
        }
        let textStyle = action == .drop ? Style(attributes: [.dim]) : Style.plain
        canvas.draw(Self.visible(text), x: x, y: rect.y, style: textStyle, maxWidth: max(0, rect.maxX - x), clip: rect)
        CellState.applyStandardOverlays(
            state, to: &canvas, rect: rect,
            marked: Style(foreground: .yellow, attributes: .bold))
    }

    /// `text` with control characters as their Unicode pictures (U+2400...), DEL as ␡.
    ///
    /// - Complexity: O(length of `text`).
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80 ..< 0xA0).contains($0.value) })
        else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0 ..< 0x20: scalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: scalars.append("\u{2421}")
            case 0x80 ..< 0xA0: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (never cut).
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
