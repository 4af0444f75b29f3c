import TUIList
import TUIListTool

extension EditorModel {
    /// Feeds a batch of input through ``step(_:keys:)``, as ``EditorApp/handle(_:in:)`` does;
    /// returns every effect. `w`'s question to git (``EditorEffect/verifyCommits(_:)``) is
    /// answered with `unresolved`, as the app answers it, and gives way to the answer's effects.
    @discardableResult
    mutating func feed(
        _ events: [InputEvent], keys: EditorKeymap.Keys = .tuilist, unresolved: [String: String] = [:]
    ) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        var rest = events[...]
        while !rest.isEmpty {
            let step = step(rest, keys: keys)
            rest = rest.dropFirst(step.consumed)
            guard let action = step.action else { continue }
            for effect in update(action) {
                if case .verifyCommits = effect {
                    effects += update(.commitsVerified(unresolved))
                } else {
                    effects.append(effect)
                }
            }
        }
        return effects
    }

    /// Presses `keys` one batch each, as a person types them.
    @discardableResult
    mutating func press(
        _ keys: [Key], with keymap: EditorKeymap.Keys = .tuilist, unresolved: [String: String] = [:]
    ) -> [EditorEffect] {
        keys.flatMap { feed([.key($0)], keys: keymap, unresolved: unresolved) }
    }
}
