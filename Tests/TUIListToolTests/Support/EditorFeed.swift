import TUIList
import TUIListTool

extension EditorModel {
    /// Feeds a batch of input through ``step(_:)``, as ``EditorApp/handle(_:in:)`` does;
    /// returns every effect.
    @discardableResult
    mutating func feed(_ events: [InputEvent]) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        var rest = events[...]
        while !rest.isEmpty {
            let step = step(rest)
            rest = rest.dropFirst(step.consumed)
            if let action = step.action { effects += update(action) }
        }
        return effects
    }

    /// Presses `keys` one batch each, as a person types them.
    @discardableResult
    mutating func press(_ keys: [Key]) -> [EditorEffect] {
        keys.flatMap { feed([.key($0)]) }
    }
}
