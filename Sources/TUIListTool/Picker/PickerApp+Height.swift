import TUIList

extension PickerApp {
    /// The lines beside the list: the prompt, the help bar, the info line, the header (its
    /// text and its lines), the border's edges, and the margin's and padding's lines (those
    /// given in cells).
    package var chromeLines: Int {
        2 + (borderBox?.edgeLines ?? 0) + (hasInfoLine ? 1 : 0) + headerText.count
            + max(model.input.header.count, options.headerLines) + options.margin.fixedLines + options.padding.fixedLines
    }

    /// The lines the picker needs (fzf's `--height ~N`): every line read, the `--group-by`
    /// groups' headers and ``chromeLines``; it grows as lines arrive and does not shrink while
    /// the query narrows the list.
    package var preferredLines: Int? {
        chromeLines + max(1, lineCount) + (model.fieldLayout.groups?.names.count ?? 0)
    }

    /// The least lines `--height N%` takes (fzf's `--min-height`): ``Options/minHeight``, with
    /// ``chromeLines`` added under `N+` (fzf's default, `10+`: ten rows of the list show). As
    /// fzf 0.74 counts them, header lines add two more: it counts an invisible border around
    /// them (its `--header-lines-border` is `phantom` by default), so N + 2 rows show; a
    /// preview above or below adds eleven.
    package var minimumLines: Int {
        guard options.minHeight.addsChrome else { return options.minHeight.lines }
        // A preview above or below the list takes ten lines more and its divider, as fzf
        // counts ten and its border for one above (fzf 0.74 leaves out one below: its rows
        // then shrink; here they do not).
        let window = baseWindow
        let preview = previewTemplate != nil && !window.hidden && (window.side == .up || window.side == .down) ? 11 : 0
        return options.minHeight.lines + chromeLines + (options.headerLines > 0 ? 2 : 0) + preview
    }
}
