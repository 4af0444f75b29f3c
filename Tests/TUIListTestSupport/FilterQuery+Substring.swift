import TUIList

extension FilterQuery {
    /// `text` as one exact term, case ignored (fzf's `--exact -i +x`): the items whose folded
    /// text contains the folded `text`, its leading blanks dropped. What the index's tests
    /// search with, to compare with a plain `String.contains` reference.
    ///
    /// ```swift
    /// index.matches(.substring("creme b"))   // "Crème brûlée", not "creme" + "b" apart
    /// ```
    public static func substring(_ text: String) -> FilterQuery {
        FilterQuery(text, exact: true, caseMatching: .ignore, extended: false)
    }
}
