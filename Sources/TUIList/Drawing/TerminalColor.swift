/// A colour for a cell's foreground or background.
///
/// Colours are stored as the app asked for them; a backend maps them down to what the terminal
/// can show (the ncurses backend maps `.rgb` to the nearest xterm-256 colour, and everything to
/// the nearest of 8 on an 8-colour terminal; with `NO_COLOR` or on a monochrome terminal it
/// shows attributes only).
///
/// ```swift
/// let warning = Style(foreground: .ansi(3), attributes: .bold)
/// let accent = Style(foreground: .rgb(0x5f, 0x87, 0xff))
/// ```
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default colour (foreground or background).
    case `default`
    /// One of the 16 ANSI colours: 0...7 black, red, green, yellow, blue, magenta, cyan, white,
    /// then 8...15 their bright variants. Values above 15 are treated as `indexed`.
    case ansi(UInt8)
    /// An entry of the xterm 256-colour palette (0...15 ANSI, 16...231 a 6×6×6 cube, 232...255 greys).
    case indexed(UInt8)
    /// A 24-bit colour, mapped to the nearest palette entry by backends that cannot show it.
    case rgb(UInt8, UInt8, UInt8)
}

extension TerminalColor {
    /// Named ANSI colours, for readability at call sites.
    public static let black = TerminalColor.ansi(0)
    /// ANSI red (1).
    public static let red = TerminalColor.ansi(1)
    /// ANSI green (2).
    public static let green = TerminalColor.ansi(2)
    /// ANSI yellow (3).
    public static let yellow = TerminalColor.ansi(3)
    /// ANSI blue (4).
    public static let blue = TerminalColor.ansi(4)
    /// ANSI magenta (5).
    public static let magenta = TerminalColor.ansi(5)
    /// ANSI cyan (6).
    public static let cyan = TerminalColor.ansi(6)
    /// ANSI white (7).
    public static let white = TerminalColor.ansi(7)
}
