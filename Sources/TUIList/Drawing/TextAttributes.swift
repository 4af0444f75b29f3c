/// Text attributes of a cell: bold, dim, italic, underline, reverse video.
///
/// ```swift
/// let heading: TextAttributes = [.bold, .underline]
/// ```
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attribute bits.
    public let rawValue: UInt8

    /// Creates attributes from their raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic text, where the terminal supports it.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// A bar across a row, as a selection is: reverse video, except on a terminal whose
    /// terminfo entry has 256 colours or more and erases in the current background colour
    /// (`bce`: xterm-256color, as xterm, VTE, iTerm2, Alacritty and Windows Terminal use), where
    /// ``NCursesTerminal`` and ``InlineTerminal`` draw it light grey on dark grey (the colours
    /// of fzf's selected line: 254 on 236; a foreground the style sets is kept). There the bar's
    /// blank end is erased in one sequence instead of written cell by cell: moving a selection
    /// writes a few dozen bytes, not two whole rows. tmux's own entries (tmux-256color,
    /// screen-256color inside tmux) list no `bce`, but tmux erases in colour: they are drawn
    /// as xterm-256color, the bar in colours too; GNU screen, 8 colours and `NO_COLOR` keep
    /// reverse video. Worn with ``reverse``, which ANSI text and SVG draw.
    ///
    /// ```swift
    /// let selected = Style(attributes: [.reverse, .bar])
    /// ```
    public static let bar = TextAttributes(rawValue: 1 << 5)
}

extension TextAttributes {
    /// The SGR parameters that turn these attributes on, in SGR's order (bold 1, dim 2, italic
    /// 3, underline 4, reverse 7): the one spelling of them for every writer of escape sequences.
    var sgrParameters: [String] {
        var codes: [String] = []
        if contains(.bold) { codes.append("1") }
        if contains(.dim) { codes.append("2") }
        if contains(.italic) { codes.append("3") }
        if contains(.underline) { codes.append("4") }
        if contains(.reverse) { codes.append("7") }
        return codes
    }
}
