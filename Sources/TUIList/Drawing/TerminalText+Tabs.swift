extension TerminalText {
    /// `text` with each tab replaced by the spaces that reach the next tab stop, as a terminal
    /// moves its cursor on a tab (stops every `tabStop` columns: 0, 8, 16, … by default).
    ///
    /// Columns are counted as drawn (``columns(of:)-(String)``), so a wide character
    /// takes two and a combining mark none:
    ///
    /// ```swift
    /// TerminalText.expandingTabs(in: "a\tb")        // "a       b" (b at column 8)
    /// TerminalText.expandingTabs(in: "漢\tb")       // "漢      b" (漢 takes 2 columns)
    /// TerminalText.expandingTabs(in: "ab\tc", tabStop: 4, startingAt: 1) // "ab c"
    /// ```
    ///
    /// - Parameters:
    ///   - text: One line (a newline is measured as any control character: no column).
    ///   - tabStop: Columns between stops; at least 1.
    ///   - column: The column `text` starts at (stops are counted from column 0).
    /// - Returns: `text` without tabs; `text` itself when it has none.
    /// - Precondition: `tabStop >= 1`.
    /// - Complexity: O(*n*) in the characters of `text` (O(1) scan of its bytes when it has no tab).
    public static func expandingTabs(in text: String, tabStop: Int = 8, startingAt column: Int = 0) -> String {
        precondition(tabStop >= 1, "The tab stop must be 1 or more (got \(tabStop))")
        guard text.utf8.contains(9) else { return text }
        var ignored: [Int]?
        return expandingTabs(in: text, tabStop: tabStop, startingAt: column, offsets: &ignored)
    }

    /// The one tab expansion every text form uses (plain text, ``ANSIText``, a picker row's
    /// matched offsets): `text` with its tabs expanded, and, when `offsets` is not `nil`, the
    /// offset in the result of each `Character` of `text` (so styles and match positions move
    /// with their characters; a tab's offset is that of its first space).
    /// - Complexity: O(*n*) in the characters of `text`.
    package static func expandingTabs(
        in text: String, tabStop: Int, startingAt column: Int, offsets: inout [Int]?
    ) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + tabStop)
        offsets?.reserveCapacity(text.utf8.count)
        var at = column
        var offset = 0  // characters of the result so far
        for character in text {
            offsets?.append(offset)
            if character == "\t" {
                let spaces = tabStop - at % tabStop
                result.append(String(repeating: " ", count: spaces))
                at += spaces
                offset += spaces
            } else {
                result.append(character)
                at += columns(of: character)
                offset += 1
            }
        }
        return result
    }
}

extension ANSIText {
    /// This text with each tab replaced by the spaces that reach the next tab stop (as
    /// ``TerminalText/expandingTabs(in:tabStop:startingAt:)`` does its ``plain`` text); the
    /// spaces take the tab's style, so a coloured background stays continuous.
    ///
    /// ```swift
    /// let text = ANSIText(parsing: "\u{1B}[31ma\tb\u{1B}[0m")
    /// text.expandingTabs().plain   // "a       b"
    /// text.expandingTabs().runs    // [Run(range: 0 ..< 9, style: red)]
    /// ```
    ///
    /// - Parameters:
    ///   - tabStop: Columns between stops; at least 1.
    ///   - column: The column the text starts at.
    /// - Returns: The text without tabs, its runs moved with the characters; `self` when it has none.
    /// - Precondition: `tabStop >= 1`.
    /// - Complexity: O(*n*) in the characters of ``plain``.
    public func expandingTabs(tabStop: Int = 8, startingAt column: Int = 0) -> ANSIText {
        precondition(tabStop >= 1, "The tab stop must be 1 or more (got \(tabStop))")
        guard plain.utf8.contains(9) else { return self }
        var offsets: [Int]? = []
        let text = TerminalText.expandingTabs(in: plain, tabStop: tabStop, startingAt: column, offsets: &offsets)
        let moved = offsets ?? []
        let count = text.count
        // A run ends where the character after it now starts: a tab's spaces keep its style.
        func moving(_ offset: Int) -> Int { offset < moved.count ? moved[offset] : count }
        let newRuns = runs.map { Run(range: moving($0.range.lowerBound) ..< moving($0.range.upperBound), style: $0.style) }
        return ANSIText(plain: text, runs: newRuns)
    }
}
