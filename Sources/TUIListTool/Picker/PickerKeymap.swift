import TUIList

/// What a key does in the picker.
package enum PickerAction: Equatable, Sendable {
    /// Print the selected (or marked) lines and exit 0.
    case choose
    /// Exit 130 with nothing chosen.
    case cancel
    /// Mark or unmark the selected line and move down (`--multi`).
    case mark
    /// Move the selection.
    case move(SelectionMovement)
    /// Add a character to the query.
    case type(Character)
    /// Delete the query's last character.
    case deleteBackward
    /// Delete the query's last word.
    case deleteWord
    /// Empty the query.
    case clearQuery
    /// Show or hide the keys.
    case toggleHelp
}

/// The picker's keys, as one toolkit ``Keymap``: what each key does, the help bar and the
/// help overlay (F1) all come from it. Letters are text for the query (fzf's way), so the
/// list moves with the arrows and Ctrl-P/Ctrl-N, never j/k.
package enum PickerKeymap {
    /// The keymap, with Tab marking lines only under `--multi`.
    package static func keymap(multi: Bool) -> Keymap<PickerAction> {
        var bindings: [KeyBinding<PickerAction>] = [
            KeyBinding(keys: [.enter], help: "print the selected line and exit", bar: "Enter choose", .choose)
        ]
        if multi {
            bindings.append(KeyBinding(keys: [.tab], help: "mark the line, move down", bar: "Tab mark", .mark))
        }
        bindings += [
            KeyBinding(
                [
                    .init(.key(.up), .move(.previous)), .init(.key(.down), .move(.next)),
                    .init(.key(.control("p")), .move(.previous)), .init(.key(.control("n")), .move(.next)),
                ], label: "↑↓ Ctrl-P/Ctrl-N", help: "move the selection", bar: "↑↓ move"),
            KeyBinding([.init(.key(.pageUp), .move(.pageUp)), .init(.key(.pageDown), .move(.pageDown))], help: "move a page"),
            KeyBinding([.init(.key(.home), .move(.first)), .init(.key(.end), .move(.last))], help: "first, last line"),
            KeyBinding(
                [.init(.anyCharacter, .type(" "))], help: "type to filter (fzf's search syntax)",
                bar: multi ? nil : "type to filter", typed: { .type($0) }),
            KeyBinding(keys: [.backspace], help: "delete a character of the query", .deleteBackward),
            KeyBinding(keys: [.control("w")], help: "delete a word of the query", .deleteWord),
            KeyBinding(keys: [.control("u")], help: "clear the query", .clearQuery),
            KeyBinding(
                keys: [.escape, .control("c"), .control("g"), .control("q")], help: "exit 130, nothing chosen",
                bar: "Esc cancel", .cancel),
            KeyBinding(keys: [.function(1)], help: "show or hide these keys", bar: "F1 keys", .toggleHelp),
        ]
        return Keymap(bindings)
    }
}
