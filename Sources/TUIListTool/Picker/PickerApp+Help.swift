import TUIList

/// The picker's help: the bar's items and the keys overlay (F1), drawn from the keymaps that
/// dispatch the keys.
extension PickerApp {
    /// The help bar's items: the picker's keys with typing after the moves, then the query's
    /// other editing keys (the bar shows the leading items that fit).
    package var helpBarItems: [String] {
        let own = keymap.barItems
        let moves = (own.firstIndex(of: "↑↓ move") ?? own.count - 1) + 1
        let typing = model.prompt.keymap.bindings.filter { $0.triggers.contains { $0.pattern == .anyCharacter } }
        let editing = model.prompt.keymap.bindings.filter { !$0.triggers.contains { $0.pattern == .anyCharacter } }
        return Array(own[..<moves]) + typing.compactMap(\.bar) + own[moves...] + editing.compactMap(\.bar)
    }

    /// The keys (F1): the picker's, then the query's editing keys.
    package var helpOverlay: HelpOverlay {
        HelpOverlay(
            title: "tuilist pick — keys", sections: [.init(nil, keymap), .init("Editing the query", model.prompt.keymap)],
            footer: "any key closes")
    }
}

/// fzf's `--border-label` and `--border-label-pos`: a text on the border's top line (or its
/// bottom one), centred, or from the left (N) or the right (-N) edge.
package struct PickerBorderLabel: Equatable, Sendable {
    /// The text, drawn as given (fzf users put spaces around it: `' Files '`).
    package var text: String
    /// 0: centred; N: from the N-th column; -N: ending N-1 columns from the right edge.
    package var column = 0
    /// Whether it goes on the bottom line.
    package var bottom = false

    package init(text: String) {
        self.text = text
    }

    /// Reads `--border-label-pos`: `N`, `center`, `top`, `bottom`, joined by `:` or `,`.
    /// - Throws: ``ToolFailure`` naming a word that is neither.
    package mutating func setPosition(_ text: String) throws(ToolFailure) {
        (column, bottom) = (0, false)
        for word in text.lowercased().split(whereSeparator: { $0 == ":" || $0 == "," }) {
            switch word {
            case "center": column = 0
            case "bottom": bottom = true
            case "top": bottom = false
            default:
                guard let number = Int(word) else {
                    throw ToolFailure("--border-label-pos: invalid label position: \(text) (N, center, top or bottom)")
                }
                column = number
            }
        }
    }
}

extension PickerApp {
    /// Draws `--border-label` (or `change-border-label`'s) on the border around `area`, when the
    /// border has the line it goes on.
    func drawBorderLabel(into canvas: inout Canvas, on area: Rect) {
        // (`change-border-label` labels any border, with or without `--border-label`.)
        let label = options.borderLabel ?? PickerBorderLabel(text: "")
        guard options.border != nil, area.height >= 2, area.width >= 3 else { return }
        // (As fzf: its first line, its ANSI colours drawn.)
        let text = String((model.borderLabelText ?? label.text).prefix { $0 != "\n" && $0 != "\r\n" })
        let edges = options.borderEdges
        let bottom = label.bottom || edges == .bottom
        let hasTop = [.all, .horizontal, .top].contains(edges), hasBottom = [.all, .horizontal, .bottom].contains(edges)
        guard !text.isEmpty, bottom ? hasBottom : hasTop else { return }
        let colored = ANSIText(parsing: text)
        let length = min(TerminalText.columns(of: colored.plain), area.width)
        let column =
            label.column == 0
            ? max(0, (area.width - length) / 2)
            : label.column < 0 ? max(0, area.width + label.column + 1 - length) : min(label.column - 1, area.width - length)
        colored.draw(
            into: &canvas, x: area.x + max(0, column), y: bottom ? area.maxY - 1 : area.y,
            style: options.colors.style(.header), maxWidth: area.width - max(0, column))
    }
}
