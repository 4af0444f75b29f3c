import TUIList

// fzf's events (`--bind 'start:reload(…)'`, `change:…`, `load`, `result`, `focus`, `one`,
// `zero`, `backward-eof`): each is noted where it comes about and fired, if bound, once the
// key, message or tick at hand is handled, in the order they came.

extension PickerApp {
    /// Fires the events that came about, each bound one's action in turn (``focus`` first
    /// when the selection moved since the last look), and those its actions bring about; at
    /// most 32 a round, so actions that keep bringing each other about end.
    func fireEvents(in program: Program) {
        if model.events.acceptWhenReady, isReady, model.outcome.exitStatus == nil {
            model.events.acceptWhenReady = false
            choose(in: program)
        }
        noteFocus()
        var budget = 32
        while !model.events.pending.isEmpty, model.outcome.exitStatus == nil, budget > 0 {
            let event = model.events.pending.removeFirst()
            budget -= 1
            guard let action = bound(.unknown(event)) else { continue }
            perform(action, in: program)
            noteFocus()
        }
        model.events.pending.removeAll()
    }

    /// Notes `focus` when the selection is on another line than at the last look (the
    /// first look, at the start, is no move).
    private func noteFocus() {
        guard model.events.focusedLast != .some(list.state.selection) else { return }
        if model.events.focusedLast != nil { model.events.pending.insert("focus", at: 0) }
        model.events.focusedLast = .some(list.state.selection)
    }

    /// Whether `event` is Backspace on an empty query with `backward-eof` bound.
    func takesBackwardEOF(_ event: InputEvent?) -> Bool {
        guard case .key(.backspace)? = event, model.prompt.text.isEmpty else { return false }
        return bound(.unknown("backward-eof")) != nil
    }
}
