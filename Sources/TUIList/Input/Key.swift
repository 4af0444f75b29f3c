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
    /// A key pressed with modifiers that have no case of their own: Ctrl+Left is
    /// `.modified(.left, .control)`, Alt+x is `.modified(.character("x"), .alt)`,
    /// Ctrl+Shift+End is `.modified(.end, [.control, .shift])`.
    ///
    /// Shift alone with an arrow is `.shiftUp` (and so on), Shift+Tab is `.backTab`, and
    /// Shift+letter is the uppercase `.character`: those never come wrapped.
    indirect case modified(Key, KeyModifiers)
    /// A sequence the terminal sent that `InputDecoder` does not know, swallowed whole and
    /// named in readable form (`ESC [ 5 0 ~`), so that it never reads as Escape followed by
    /// characters. Apps usually ignore it.
    case unknown(String)
}

/// Modifier keys held with a key, as terminals report them (xterm's parameter minus one).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// xterm's modifier bits: shift 1, alt 2, control 4, meta 8.
    public let rawValue: UInt8
    /// Creates modifiers from xterm's bits: shift 1, alt 2, control 4, meta 8.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt (Option; sent as an Escape prefix or a modifier parameter).
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let control = KeyModifiers(rawValue: 4)
    /// Meta (rare: most terminals report it as Alt).
    package static let meta = KeyModifiers(rawValue: 8)
}

extension Key {
    /// The key with `modifiers` added, in its normal form: Shift+arrow as `.shiftUp` and so
    /// on, Shift+Tab as `.backTab`, no modifiers as the key itself, and modifiers of a key that
    /// already carries some merged into one `.modified`.
    public func adding(_ modifiers: KeyModifiers) -> Key {
        if modifiers.isEmpty { return self }
        if case .modified(let base, let held) = self { return base.adding(held.union(modifiers)) }
        if modifiers == .shift {
            switch self {
            case .up: return .shiftUp
            case .down: return .shiftDown
            case .left: return .shiftLeft
            case .right: return .shiftRight
            case .tab: return .backTab
            default: break
            }
        }
        // A Shift+arrow case with more modifiers becomes the arrow with all of them.
        switch self {
        case .shiftUp: return .modified(.up, modifiers.union(.shift))
        case .shiftDown: return .modified(.down, modifiers.union(.shift))
        case .shiftLeft: return .modified(.left, modifiers.union(.shift))
        case .shiftRight: return .modified(.right, modifiers.union(.shift))
        default: return .modified(self, modifiers)
        }
    }
}

extension Key {
    /// The key for a character read from the terminal (not a special key code): control codes
    /// become `.enter`, `.tab`, `.escape`, `.backspace` or `.control(letter)`; printable text
    /// becomes `.character`. Nil for the C1 control codes (U+0080–U+009F), which no key sends.
    ///
    /// The terminal is in raw mode (no CR→LF translation, no signal or flow-control keys), so
    /// every control code is a key of its own: CR (U+000D) is Enter and LF (U+000A) is Ctrl-J;
    /// U+0003 is Ctrl-C, U+001A Ctrl-Z, U+0013/U+0011 Ctrl-S/Ctrl-Q; U+001C–U+001F are
    /// Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_; NUL is Ctrl-Space.
    init?(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0D: self = .enter
        case 0x09: self = .tab
        case 0x1B: self = .escape
        case 0x7F, 0x08: self = .backspace
        case 0x00: self = .control(" ")
        case 0x01 ... 0x1A:
            self = .control(Character(Unicode.Scalar(UInt8(scalar.value) + 0x60)))
        case 0x1C ... 0x1F:
            self = .control(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
        case 0x80 ..< 0xA0:
            return nil
        default:
            self = .character(Character(scalar))
        }
    }
}

extension Key {
    /// The key as a person reads it: `"q"`, `"Space"`, `"Up"`, `"Shift+Up"`, `"Ctrl+C"`,
    /// `"F5"`, `"Ctrl+Alt+Left"`, `"Alt+x"`, or the unknown sequence (`"ESC [ 5 0 ~"`).
    package var displayName: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .shiftUp: return "Shift+Up"
        case .shiftDown: return "Shift+Down"
        case .shiftLeft: return "Shift+Left"
        case .shiftRight: return "Shift+Right"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .tab: return "Tab"
        case .backTab: return "Shift+Tab"
        case .enter: return "Enter"
        case .escape: return "Escape"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .function(let n): return "F\(n)"
        case .control(" "): return "Ctrl+Space"
        case .control(let c): return "Ctrl+" + c.uppercased()
        case .modified(let key, let modifiers):
            var parts: [String] = []
            if modifiers.contains(.control) { parts.append("Ctrl") }
            if modifiers.contains(.alt) { parts.append("Alt") }
            if modifiers.contains(.meta) { parts.append("Meta") }
            if modifiers.contains(.shift) { parts.append("Shift") }
            return (parts + [key.displayName]).joined(separator: "+")
        case .unknown(let sequence): return sequence
        }
    }
}
