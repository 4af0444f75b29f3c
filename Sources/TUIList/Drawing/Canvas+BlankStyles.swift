// A blank between two styled spans drawn in its neighbour's style, where that looks the same:
// one attribute change fewer on the wire, twice per gap.

extension Style {
    /// Whether a blank cell looks the same in either style: the same background, and neither
    /// reversed, a bar or underlined (a reversed blank shows its foreground colour, bold or dim
    /// brightening or darkening it; an underline is drawn in it). Bold, dim, italic and the
    /// foreground colour of any other blank show nothing.
    package static func blanksLookAlike(_ one: Style, _ other: Style) -> Bool {
        let shown: TextAttributes = [.reverse, .bar, .underline]
        return one.background == other.background && one.attributes.isDisjoint(with: shown)
            && other.attributes.isDisjoint(with: shown)
    }
}

extension Canvas {
    /// This canvas with each short run of blanks (at most `longest` cells, of one style) that
    /// follows a cell of another style drawn in that cell's style, when a blank looks the same
    /// in it (``Style/blanksLookAlike(_:_:)``): the space between a dim detail and a bold badge
    /// goes out with the detail's attributes, with no change of them before it and after.
    /// Longer runs keep their style, so a terminal can still erase them.
    ///
    /// ```swift
    /// // "ab" dim, " " plain, "cd" bold  →  "ab " dim, "cd" bold: two attribute changes, not three
    /// let frame = canvas.joiningBlankStyles()
    /// ```
    /// - Complexity: O(cells).
    package func joiningBlankStyles(longest: Int = 3) -> Canvas {
        var joined = self
        for y in 0 ..< height {
            let row = y * width
            var x = 1
            while x < width {
                let style = cells[row + x].style
                guard cells[row + x].text == " " else {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < width, cells[row + end].text == " ", cells[row + end].style == style { end += 1 }
                let before = cells[row + x - 1].style
                if end - x <= longest, before != style, Style.blanksLookAlike(before, style) {
                    for column in x ..< end { joined.cells[row + column].style = before }
                }
                x = end
            }
        }
        return joined
    }
}
