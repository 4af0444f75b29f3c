// The usual keys and mouse actions of a list, for apps that want them as they are.

extension ListView {
    /// Applies the list's standard binding for an input event and tells whether it used it.
    ///
    /// - Keys: those of ``keymap``; by default up/down (and `k`/`j`) move the selection by an
    ///   item, page up/down by a page, home/end to the first/last item. On a list that
    ///   ``growsUpward``, a movement goes the way its key points on the screen (↑ to the next
    ///   item).
    /// - Mouse: a left press selects the item under it (in the area of the last render); the
    ///   wheel scrolls three lines without moving the selection, the way it turns.
    ///
    /// Anything else (and a click on a header, footer or below the content) is left to the
    /// caller and answers `false`.
    ///
    /// - Parameter event: The event.
    /// - Complexity: that of the action: ``moveSelection(_:)``, ``scroll(byLines:)`` or
    ///   ``row(atLine:)``, each at most O(log *n*), after a lookup in ``keymap`` (O(bindings)).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            guard let movement = keymap.action(for: key) else { return false }
            moveSelection(growsUpward ? movement.upsideDown : movement)
            return true
        case .mouse(let mouse):
            switch (mouse.button, mouse.kind) {
            case (.wheelDown, .press): scroll(byLines: growsUpward ? -3 : 3); return true
            case (.wheelUp, .press): scroll(byLines: growsUpward ? 3 : -3); return true
            case (.left, .press):
                guard let area = lastRenderedRect, area.contains(x: mouse.x, y: mouse.y),
                    case .item(let item)? = row(atLine: mouse.y - area.y)
                else { return false }
                select(item)
                return true
            default: return false
            }
        case .resize, .paste:
            return false
        }
    }
}

extension Keymap where Action == SelectionMovement {
    /// A list's standard navigation keys: ↓ `j` next, ↑ `k` previous, PgDn/PgUp a page, Home/End
    /// the first/last item. ``ListView/keymap`` starts as this.
    public static var listNavigation: Keymap {
        Keymap([
            KeyBinding(
                [
                    .init(.key(.up), .previous), .init(.key(.down), .next), .init(.key(.character("k")), .previous),
                    .init(.key(.character("j")), .next),
                ], help: "move the selection", bar: "↑↓ move"),
            KeyBinding(
                [.init(.key(.pageUp), .pageUp), .init(.key(.pageDown), .pageDown)], help: "move a page"),
            KeyBinding(
                [.init(.key(.home), .first), .init(.key(.end), .last)], help: "first, last item"),
        ])
    }
}
