import TUIList

extension PickerApp {
    /// The mouse, as fzf 0.74 has it: a left press on a row selects it, a right press selects
    /// and marks it (`toggle`), a double-click on a row does what Enter does (fzf binds
    /// `double-click` to Enter's actions); a wheel notch over the preview scrolls it a line
    /// (`preview-up`/`preview-down`), anywhere else moves the selection a row (`up`/`down`).
    /// `--bind` may give each of these events other actions, by fzf's names (`double-click`,
    /// `scroll-up`, `preview-scroll-down`, `left-click`, `right-click`; a click selects its row
    /// first). `--no-mouse` keeps every event from here.
    func handleMouse(_ mouse: MouseEvent, in program: Program) {
        func bound(_ event: String) -> PickerAction? { self.bound(.unknown(event)) }
        let double = model.clicks.isDoubleClick(mouse, at: program.clock.now)
        let overPreview =
            !model.preview.hidden && previewTemplate != nil && model.preview.pane.rect?.contains(x: mouse.x, y: mouse.y) == true
        switch (mouse.button, mouse.kind) {
        case (.wheelUp, _), (.wheelDown, _):
            let up = mouse.button == .wheelUp
            let action =
                overPreview
                ? bound(up ? "preview-scroll-up" : "preview-scroll-down") ?? .scrollPreview(lines: up ? -1 : 1)
                : bound(up ? "scroll-up" : "scroll-down") ?? .move(up ? .previous : .next)
            perform(action, in: program)
        case (.left, .press), (.right, .press):
            guard let item = item(at: mouse) else { return }
            list.select(item)
            let left = mouse.button == .left
            if let action = bound(left ? "left-click" : "right-click") ?? (left ? nil : .toggleMark) {
                perform(action, in: program)
            }
        case (.left, .release) where double:
            guard let item = item(at: mouse), item == list.state.selection else { return }
            perform(bound("double-click") ?? self.bound(.enter) ?? .choose, in: program)
        default:
            break
        }
    }

    /// The line of the row under `mouse`, if it is on one (not the scrollbar's column, as fzf).
    private func item(at mouse: MouseEvent) -> Int? {
        guard let area = list.lastRenderedRect, area.contains(x: mouse.x, y: mouse.y), mouse.x < area.maxX - 1,
            case .item(let item)? = list.row(atLine: mouse.y - area.y)
        else { return nil }
        return item
    }
}
