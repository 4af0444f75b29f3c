import TUIList

/// The preview pane's state beyond its text (fzf's previewer): where it is scrolled to, the
/// row its `+SCROLL` offset was set for, and where it was last drawn (for the wheel).
struct PreviewPane {
    /// The first line of the output shown (from 0).
    var offset = 0
    /// The row whose output set ``offset`` from `--preview-window`'s `+SCROLL`: output for the
    /// same row (a `{q}` re-run) keeps the offset scrolled to.
    var offsetFor: Int?
    /// The pane's area on the terminal as of the last input, message or tick
    /// (``PickerApp/takeGeometry(from:)``), nil while not shown.
    var rect: Rect?
}

extension PickerApp {
    /// What fzf's placeholders stand for now, `row` being the selected line; `{n}` counts the
    /// header lines too, as fzf's does (the line's number in the input).
    func placeholderContext(row: Int?) -> PreviewRunner.Context {
        let number = { (row: Int) in self.slot(of: row) + self.header.count }
        return PreviewRunner.Context(
            line: row.map { line($0) }, index: row.map(number), query: model.search.typed,
            marked: model.marks.items.map { (line($0), number($0)) })
    }

    /// A preview output for `row` has arrived: a new row starts at `--preview-window`'s
    /// `+SCROLL` offset, the same row keeps its place (clamped to the new output).
    func previewArrived(for row: Int) {
        if model.preview.pane.offsetFor != row {
            model.preview.pane.offsetFor = row
            let height = model.preview.pane.rect?.height ?? 0
            model.preview.pane.offset = previewWindow.scrollOffset(
                line: line(row), index: slot(of: row) + model.input.header.count, delimiter: options.delimiter, height: height)
        }
        model.preview.pane.offset = max(0, min(model.preview.pane.offset, model.preview.lines.count - 1))
    }

    /// Scrolls the preview by `lines` (fzf's `scrollPreviewBy`): between the first line and
    /// the last at the top, and only when the output does not fit or is scrolled already.
    func scrollPreview(by lines: Int) {
        guard let rect = model.preview.pane.rect, !model.preview.lines.isEmpty else { return }
        guard model.preview.pane.offset > 0 || model.preview.lines.count > rect.height else { return }
        model.preview.pane.offset = max(0, min(model.preview.pane.offset + lines, model.preview.lines.count - 1))
    }

    /// The `+SCROLL`, `wrap` and scroll-position parts of the pane: the output from
    /// ``PreviewPane/offset``, each line cut at the pane's edge or wrapped, and the position
    /// (`offset+1/lines`, fzf's) dim in the top right corner when it does not all fit.
    func drawPreview(into canvas: inout Canvas, in rect: Rect, window: PreviewWindow) {
        let width = rect.width - 1
        guard width > 0, rect.height > 0 else { return }
        var y = rect.y
        // (As fzf: the preview's wrapped lines go on after `--wrap-sign`'s sign.)
        let sign = options.wrapSign
        for line in model.preview.lines.dropFirst(model.preview.pane.offset) where y < rect.maxY {
            let pieces =
                window.wrap != model.preview.wrapToggled
                ? Self.wrapped(line, width: width, rest: width - TerminalText.columns(of: sign)) : [line]
            for (number, piece) in pieces.enumerated() where y < rect.maxY {
                var x = rect.x + 1
                if number > 0 { x += canvas.draw(sign, x: x, y: y, style: Style(attributes: .dim), clip: rect) }
                piece.draw(into: &canvas, x: x, y: y, maxWidth: rect.maxX - x, clip: rect)
                y += 1
            }
        }
        if model.preview.pane.offset > 0 || model.preview.lines.count > rect.height {
            let position = " \(model.preview.pane.offset + 1)/\(model.preview.lines.count) "
            let columns = TerminalText.columns(of: position)
            if columns < width {
                canvas.draw(position, x: rect.maxX - columns, y: rect.y, style: Style(attributes: [.reverse, .dim]))
            }
        }
    }

    /// `text` in pieces of at most `width` columns, the pieces after the first `rest`
    /// (``LineWrap``); an empty line is one empty piece.
    /// - Complexity: O(length of `text`).
    static func wrapped(_ text: ANSIText, width: Int, rest: Int, atWords: Bool = false) -> [ANSIText] {
        guard width > 0, rest > 0, TerminalText.columns(of: text.plain) > width else { return [text] }
        let characters = Array(text.plain)
        return LineWrap.pieces(of: characters, width: width, rest: rest, atWords: atWords).map {
            ANSIText(plain: String(characters[$0]), runs: text.runs(in: $0))
        }
    }
}
