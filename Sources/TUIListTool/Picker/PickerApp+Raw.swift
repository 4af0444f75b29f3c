import TUIList

/// fzf's raw mode (`--raw`, `toggle-raw`, `enable-raw`, `disable-raw`): every line stays
/// listed whatever the query, those it does not match drawn dim; `up-match` and `down-match`
/// (Ctrl-P, Ctrl-N) move on to the next match. The counts are the matches', as
/// ever.
extension PickerApp {
    /// Turns raw mode on or off. The selected line stays (on turning it off, the nearest
    /// match takes its place, and marks on lines that do not match go), as fzf's.
    func setRaw(_ raw: Bool) {
        guard raw != model.search.raw else { return }
        var selected = list.state.selection
        if !raw, let matched = model.search.rawMatches {
            selected = nearestMatch(to: selected, in: matched)
            if model.hasMarks {
                for line in model.marks.items where !matched.contains(slot(of: line)) { model.marks.set(line, false) }
                list.markedItems = Set(model.marks.items)
            }
        }
        model.search.raw = raw
        show(model.search.matches, animated: false)
        if let selected, list.snapshot().contains(item: selected) { list.select(selected) }
    }

    /// The matching line nearest to `line` in the list (itself when it matches), the later one
    /// of two as near.
    private func nearestMatch(to line: Int?, in matched: PickerSlotSet) -> Int? {
        let shown = list.snapshot()
        guard let line, let index = shown.indexOfItem(line) else { return line }
        for distance in 0 ..< shown.numberOfItems {
            for candidate in [index + distance, index - distance] where candidate >= 0 && candidate < shown.numberOfItems {
                if let item = shown.itemIdentifier(atGlobalIndex: candidate), matched.contains(slot(of: item)) { return item }
            }
        }
        return line
    }

    /// The lines listed: the matches, or in raw mode with a query, every line (fzf's list
    /// length, which `accept-non-empty` looks at).
    var listedCount: Int { model.search.rawMatches == nil ? matchCount : list.snapshot().numberOfItems }

    /// Moves as `onScreen` goes, on past the lines the query does not match in raw mode; stays
    /// when there is no match that way. (Not in raw mode, or with no query: ``move(_:)``.)
    func moveToMatch(_ onScreen: SelectionMovement) {
        guard let matched = model.search.rawMatches, onScreen == .next || onScreen == .previous else { return move(onScreen) }
        let shown = list.snapshot()
        guard let selected = list.state.selection, let start = shown.indexOfItem(selected) else { return move(onScreen) }
        let step = (onScreen == .next) != list.growsUpward ? 1 : -1
        let count = shown.numberOfItems
        var index = start + step
        // (Under `--cycle`, past either end round to the other, as fzf's.)
        for _ in 1 ..< max(count, 1) {
            if options.cycle { index = (index + count) % count } else if index < 0 || index >= count { return }
            if let item = shown.itemIdentifier(atGlobalIndex: index), matched.contains(slot(of: item)) {
                return list.select(item)
            }
            index += step
        }
    }
}
