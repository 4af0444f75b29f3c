import TUIList

/// The picker's help: the bar's items and the keys overlay (F1), drawn from the keymaps that
/// dispatch the keys.
extension PickerApp {
    /// The help bar's items: the picker's keys with typing after the moves, then the query's
    /// other editing keys (the bar shows the leading items that fit).
    package var helpBarItems: [String] {
        let own = keymap.barItems
        let moves = (own.firstIndex(of: "↑↓ move") ?? own.count - 1) + 1
        let typing = model.prompt.keymap.bindings.filter { $0.triggers.contains { $0.pattern == .anyCharacter } }
        let editing = model.prompt.keymap.bindings.filter { !$0.triggers.contains { $0.pattern == .anyCharacter } }
        return Array(own[..<moves]) + typing.compactMap(\.bar) + own[moves...] + editing.compactMap(\.bar)
    }

    /// The keys (F1): the picker's, then the query's editing keys.
    package var helpOverlay: HelpOverlay {
        HelpOverlay(
            title: "tuilist pick — keys", sections: [.init(nil, keymap), .init("Editing the query", model.prompt.keymap)],
            footer: "any key closes")
    }
}
