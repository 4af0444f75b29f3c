/// A mouse button, or a wheel direction.
public enum MouseButton: Hashable, Sendable {
    /// Buttons 1, 2, 3.
    case left, middle, right
    /// The wheel, one notch.
    case wheelUp, wheelDown
}

/// A mouse press, release or drag at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// The column, from 0.
    public var x: Int
    /// The line, from 0.
    public var y: Int
    /// Which button.
    public var button: MouseButton
    /// What happened.
    public var kind: Kind

    /// What a mouse event reports.
    public enum Kind: Hashable, Sendable {
        /// The button went down (wheel notches are presses).
        case press
        /// The button went up.
        case release
        /// The mouse moved with the button held.
        case drag
    }

    /// Creates a mouse event.
    public init(x: Int, y: Int, button: MouseButton, kind: Kind) {
        self.x = x
        self.y = y
        self.button = button
        self.kind = kind
    }
}
