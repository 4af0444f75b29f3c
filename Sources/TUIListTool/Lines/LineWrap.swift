import TUIList

/// How a line too wide for its row goes on over the lines below (fzf's `--wrap` for the
/// list, `wrap` of `--preview-window` for the preview): pieces of the line by columns, the
/// first up to the row's width, each next one up to the width less its continuation sign's
/// (`↳ `), a wide character that does not fit going to the next piece; at a word's end
/// (`--wrap=word`: after the last blank that fits) when there is one, as fzf wraps.
///
/// ```swift
/// LineWrap.pieces(of: Array("abcdefgh"), width: 5, rest: 3)  // [0..<5, 5..<8]
/// LineWrap.pieces(of: Array("ab cd ef"), width: 5, rest: 3, atWords: true)  // [0..<3, 3..<6, 6..<8]
/// ```
package enum LineWrap {
    /// The pieces of `characters`, as offset ranges; one (the whole, maybe empty) when it fits.
    /// - Parameters:
    ///   - width: The first piece's columns.
    ///   - rest: Each later piece's columns (at least 1 is used).
    ///   - atWords: Whether a piece ends after its last blank (space or tab) when it has one.
    /// - Complexity: O(*n*) in the characters.
    package static func pieces(
        of characters: [Character], width: Int, rest: Int, atWords: Bool = false
    ) -> [Range<Int>] {
        guard width > 0 else { return [0 ..< characters.count] }
        var pieces: [Range<Int>] = []
        var start = 0
        while start < characters.count {
            let room = pieces.isEmpty ? width : max(1, rest)
            var end = start, columns = 0
            while end < characters.count {
                let next = TerminalText.columns(of: characters[end])
                if columns + next > room && end > start { break }
                columns += next
                end += 1
            }
            if end < characters.count && atWords,
                let blank = characters[start ..< end].lastIndex(where: { $0 == " " || $0 == "\t" }), blank + 1 < end
            {
                end = blank + 1
            }
            pieces.append(start ..< end)
            start = end
        }
        return pieces.isEmpty ? [0 ..< 0] : pieces
    }
}
