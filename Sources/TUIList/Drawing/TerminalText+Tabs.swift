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
        var result = ""
        result.reserveCapacity(text.utf8.count + tabStop)
        var at = column
        for character in text {
            if character == "\t" {
                let spaces = tabStop - at % tabStop
                result.append(String(repeating: " ", count: spaces))
                at += spaces
            } else {
                result.append(character)
                at += columns(of: character)
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
        var text = ""
        var newRuns: [Run] = []
        var at = column
        var offset = 0  // characters of the result so far
        var runIndex = 0
        var runStart = 0
        for (index, character) in plain.enumerated() {
            while runs[runIndex].range.upperBound <= index {
                newRuns.append(Run(range: runStart ..< offset, style: runs[runIndex].style))
                runStart = offset
                runIndex += 1
            }
            if character == "\t" {
                let spaces = tabStop - at % tabStop
                text.append(String(repeating: " ", count: spaces))
                at += spaces
                offset += spaces
            } else {
                text.append(character)
                at += TerminalText.columns(of: character)
                offset += 1
            }
        }
        newRuns.append(Run(range: runStart ..< offset, style: runs[runIndex].style))
        return ANSIText(plain: text, runs: newRuns)
    }
}
