/// One column of one line of a `Canvas`.
///
/// A wide character (CJK, most emoji) takes two cells: the left one holds its text, the right
/// one is a *continuation* with empty text.
public struct CanvasCell: Hashable, Sendable {
    /// One grapheme cluster (a base character with its combining marks), `" "` for a blank
    /// cell, `""` for the right half of a wide character.
    public var text: String
    /// How the cell looks.
    public var style: Style

    /// Creates a cell.
    public init(text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// The one-character strings of the 128 ASCII bytes (small strings: copying one never
    /// allocates), for drawing ASCII text without making a string per cell.
    internal static let _asciiText: [String] = (0 ..< 128).map { String(UnicodeScalar(UInt8($0))) }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }

    /// A blank cell with the given style.
    static func blank(_ style: Style = .plain) -> CanvasCell { CanvasCell(text: " ", style: style) }
}
