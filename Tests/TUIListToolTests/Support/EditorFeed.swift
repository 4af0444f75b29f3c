import TUIList
import TUIListTool

extension EditorModel {
    /// Feeds a batch of input as ``EditorApp/handle(_:in:)`` does: each run of the open
    /// prompt's editing keys (and pastes) as one action (``textEdit(_:)``), every other key
    /// through the keymap of the mode; returns every effect.
    @discardableResult
    mutating func feed(_ events: [InputEvent]) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        var rest = events[...]
        while let event = rest.first {
            if let edit = textEdit(rest) {
                effects += update(edit.action)
                rest = rest.dropFirst(edit.consumed)
                continue
            }
            rest = rest.dropFirst()
            if case .key(let key) = event, let action = EditorKeymap.action(for: key, in: self) {
                effects += update(action)
            }
        }
        return effects
    }

    /// Presses `keys` one batch each, as a person types them.
    @discardableResult
    mutating func press(_ keys: [Key]) -> [EditorEffect] {
        keys.flatMap { feed([.key($0)]) }
    }
}
