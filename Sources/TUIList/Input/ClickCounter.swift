/// Tells a double-click from two clicks, as fzf and most terminal programs do: two left
/// presses on the same cell within `interval` seconds, the second one's release being the
/// double-click (the last two presses count). (Terminals report presses and releases only; the count is the program's.)
///
/// ```swift
/// var clicks = ClickCounter()
/// clicks.isDoubleClick(MouseEvent(x: 3, y: 2, button: .left, kind: .press), at: 10.0)   // false
/// clicks.isDoubleClick(MouseEvent(x: 3, y: 2, button: .left, kind: .release), at: 10.1) // false
/// clicks.isDoubleClick(MouseEvent(x: 3, y: 2, button: .left, kind: .press), at: 10.2)   // false
/// clicks.isDoubleClick(MouseEvent(x: 3, y: 2, button: .left, kind: .release), at: 10.3) // true
/// ```
///
/// A press of another button, a left press elsewhere or later than `interval` after the one
/// before starts over; the wheel and drags change nothing.
package struct ClickCounter: Sendable {
    /// Seconds between two presses of a double-click (fzf's 500 ms).
    var interval: Double
    /// The cells of the left presses in a row so far, each within `interval` of the one before.
    private var presses: [(x: Int, y: Int)] = []
    /// When the last press came.
    private var lastPress = -Double.infinity

    /// A counter that has seen no click.
    /// - Parameter interval: Seconds between the two presses of a double-click.
    package init(interval: Double = 0.5) {
        self.interval = interval
    }

    /// Whether `event`, coming at `time`, ends a double-click (the release after the second of
    /// two left presses on one cell, within `interval` of the press before it and of now).
    /// - Parameters:
    ///   - event: A mouse event, in the order they came.
    ///   - time: When it came, in seconds (any clock that does not go back).
    /// - Returns: `true` once per double-click, on its second release.
    /// - Complexity: O(1).
    package mutating func isDoubleClick(_ event: MouseEvent, at time: Double) -> Bool {
        switch (event.button, event.kind) {
        case (.wheelUp, _), (.wheelDown, _), (_, .drag):
            return false
        case (.left, .press):
            if time - lastPress < interval {
                presses = presses.suffix(1) + [(event.x, event.y)]
            } else {
                presses = [(event.x, event.y)]
            }
            lastPress = time
            return false
        case (_, .press):
            presses = []
            return false
        case (_, .release):
            guard presses.count == 2, presses[0] == presses[1], time - lastPress < interval else { return false }
            presses = []
            return true
        }
    }
}
