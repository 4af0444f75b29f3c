import TUIList

extension PickerApp {
    /// The lines the picker needs (fzf's `--height ~N`): every line read, the `--group-by`
    /// groups' headers, the header, the info line, the prompt, the help bar and the border; it
    /// grows as lines arrive and does not shrink while the query narrows the list.
    package var preferredLines: Int? {
        let chrome = 2 + (borderBox?.edgeLines ?? 0)
        let groups = fieldLayout.groups?.names.count ?? 0
        return chrome + (hasInfoLine ? 1 : 0) + options.headerText.count + header.count + max(1, lineCount) + groups
    }
}
