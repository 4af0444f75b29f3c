import TUIList

/// A picker row's text as drawn: tabs expanded to the tab stops (`--tabstop`), the matched
/// characters' offsets moved with them, and a carriage return shown as `␍` (U+240D), as fzf
/// shows one (a CRLF line's CR is the line's: ``LineSplitter/CarriageReturn/kept``).
///
/// ```swift
/// let row = PickerRowText(title: "a\tb", colored: nil, matched: [2], tabStop: 4)
/// row.title     // "a   b"
/// row.matched   // [4]
/// PickerRowText(title: "ab\r", colored: nil, matched: [], tabStop: 8).title   // "ab␍"
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
    /// - Complexity: O(*n*) in the characters of `title`; a scan of its bytes for a line
    ///   without tabs or carriage returns.
    package init(title line: String, colored lineColors: ANSIText?, matched: [Int], tabStop: Int) {
        var (title, colored) = (line, lineColors)
        if line.utf8.contains(0x0D) {
            // A lone CR is one Character, and so is its symbol: offsets and runs stay. (A CR
            // before a line feed stays in "\r\n", one Character: a multi-line item's break.)
            title = Self.showingCarriageReturns(line)
            colored = lineColors.map { $0.plain == line ? ANSIText(plain: title, runs: $0.runs) : $0 }
        }
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

    /// `text` with each lone carriage return shown as `␍`, as fzf draws it in a row and a header.
    package static func showingCarriageReturns(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return String(text.map { $0 == "\r" ? "␍" : $0 })
    }
}
