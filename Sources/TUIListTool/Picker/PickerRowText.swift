import TUIList

/// A picker row's text as drawn: tabs expanded to the tab stops (`--tabstop`), the matched
/// characters' offsets moved with them.
///
/// ```swift
/// let row = PickerRowText(title: "a\tb", colored: nil, matched: [2], tabStop: 4)
/// row.title     // "a   b"
/// row.matched   // [4]
/// ```
package struct PickerRowText: Equatable {
    /// The text, without tabs.
    package var title: String
    /// Its colours (`--ansi`), without tabs; its plain text is ``title``.
    package var colored: ANSIText?
    /// The matched characters, as `Character` offsets in ``title``.
    package var matched: [Int]

    /// The row for `title` (offsets `matched`) with its tabs expanded to stops every `tabStop`
    /// columns, counted from the row's first column.
    /// - Complexity: O(*n*) in the characters of `title`; O(1) for a line without tabs.
    package init(title: String, colored: ANSIText?, matched: [Int], tabStop: Int) {
        guard title.utf8.contains(9) else {
            (self.title, self.colored, self.matched) = (title, colored, matched)
            return
        }
        let stop = max(1, tabStop)
        // Where each character of `title` lands in the expanded text.
        var offsets: [Int]? = []
        let expanded = TerminalText.expandingTabs(in: title, tabStop: stop, startingAt: 0, offsets: &offsets)
        let newOffsets = offsets ?? []
        self.title = expanded
        self.colored = colored.map { $0.plain == title ? $0.expandingTabs(tabStop: stop) : $0 }
        self.matched = matched.map { $0 < newOffsets.count ? newOffsets[$0] : $0 }
    }
}
