/// A key press, as the app sees it.
///
/// Shift+letter arrives as the uppercase `.character`; Ctrl+letter as `.control` with the
/// lowercase letter.
///
/// ```swift
/// switch key {
/// case .up, .character("k"): moveUp()
/// case .control("c"): quit()
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    /// Arrow keys.
    case up, down, left, right
    /// Arrow keys with Shift.
    case shiftUp, shiftDown, shiftLeft, shiftRight
    /// Page and line navigation keys.
    case pageUp, pageDown, home, end
    /// Tab and Shift+Tab.
    case tab, backTab
    /// Enter / Return.
    case enter
    /// A lone Escape.
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// The Delete key (forward delete).
    case delete
    /// The Insert key.
    case insert
    /// F1...F12 and beyond.
    case function(Int)
    /// Ctrl+letter, with the lowercase letter, e.g. `.control("c")`.
    case control(Character)
}

extension Key {
    /// The key for a character read from the terminal (not a special key code): control codes
    /// become `.enter`, `.tab`, `.escape`, `.backspace` or `.control(letter)`; printable text
    /// becomes `.character`. Nil for control codes with no key (e.g. NUL).
    public init?(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0D, 0x0A: self = .enter
        case 0x09: self = .tab
        case 0x1B: self = .escape
        case 0x7F, 0x08: self = .backspace
        case 0x01 ... 0x1A:
            self = .control(Character(Unicode.Scalar(UInt8(scalar.value) + 0x60)))
        case 0x00 ..< 0x20, 0x80 ..< 0xA0:
            return nil
        default:
            self = .character(Character(scalar))
        }
    }
}
