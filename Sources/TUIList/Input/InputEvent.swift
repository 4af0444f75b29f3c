/// Something that happened at the terminal: a key, a mouse event, or a new size.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse press, release or drag.
    case mouse(MouseEvent)
    /// The terminal now has this size; the next frame is drawn in full.
    case resize(TerminalSize)
    /// Text the person pasted (bracketed paste), as one event: apps insert it as text and
    /// never read it as commands. Line breaks arrive as `"\n"`.
    case paste(String)
}
