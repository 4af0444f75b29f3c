// The usual keys and mouse actions of a list, for apps that want them as they are.

extension ListView {
    /// Applies the list's standard binding for an input event and tells whether it used it.
    ///
    /// - Keys: up/down (and `k`/`j`) move the selection by an item, page up/down by a page,
    ///   home/end to the first/last item.
    /// - Mouse: a left press selects the item under it (in the area of the last render); the
    ///   wheel scrolls three lines without moving the selection.
    ///
    /// Anything else (and a click on a header, footer or below the content) is left to the
    /// caller and answers `false`.
    ///
    /// - Complexity: that of the action: ``moveSelection(_:)``, ``scroll(byLines:)`` or
    ///   ``row(atLine:)``, each at most O(log *n*).
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key):
            switch key {
            case .down, .character("j"): moveSelection(.next)
            case .up, .character("k"): moveSelection(.previous)
            case .pageDown: moveSelection(.pageDown)
            case .pageUp: moveSelection(.pageUp)
            case .home: moveSelection(.first)
            case .end: moveSelection(.last)
            default: return false
            }
            return true
        case .mouse(let mouse):
            switch (mouse.button, mouse.kind) {
            case (.wheelDown, .press): scroll(byLines: 3); return true
            case (.wheelUp, .press): scroll(byLines: -3); return true
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
