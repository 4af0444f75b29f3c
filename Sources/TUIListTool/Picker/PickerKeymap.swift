import TUIList

/// What a key does in the picker (the query's editing keys are the prompt's,
/// ``PickerKeymap/promptKeymap(multi:)``).
package enum PickerAction: Equatable, Sendable {
    /// Print the selected (or marked) lines and exit 0.
    case choose
    /// As ``choose``, the key's name printed first (`--expect`).
    case chooseExpecting(String)
    /// Exit 130 with nothing chosen.
    case cancel
    /// Mark or unmark the selected line and move down (`--multi`).
    case mark
    /// Mark or unmark the selected line and move up (Shift-Tab, `--multi`).
    case markUp
    /// Mark or unmark the selected line (fzf's `toggle`, `--multi`).
    case toggleMark
    /// Mark every matching line (fzf's `select-all`, `--multi`).
    case markAll
    /// Unmark every matching line (fzf's `deselect-all`, `--multi`).
    case unmarkAll
    /// Mark the unmarked matching lines and unmark the marked ones (fzf's `toggle-all`).
    case toggleAll
    /// Show or hide the preview pane (fzf's `toggle-preview`).
    case togglePreview
    /// Replace the query (fzf's `change-query(…)`, `clear-query` with an empty one).
    case changeQuery(String)
    /// Move the selection.
    case move(SelectionMovement)
    /// Show or hide the keys.
    case toggleHelp
    /// Several actions in turn (fzf's `a+b`).
    case sequence([PickerAction])
    /// Scroll the preview by lines (fzf's `preview-up`, `preview-down`: -1, 1).
    case scrollPreview(lines: Int)
    /// Scroll the preview by pages, a page its height (fzf's `preview-page-up`, `-down`: -1, 1).
    case scrollPreviewPages(Int)
    /// Replace the lines with a command's output (fzf's `reload(CMD)`, placeholders replaced).
    case reload(String)
    /// Run a command with the terminal given to it, then come back (fzf's `execute(CMD)`).
    case execute(String)
    /// Replace the picker with a command, the terminal restored first (fzf's `become(CMD)`).
    case become(String)
    /// Run a command and wait for it, the screen kept, its input and output `/dev/null`
    /// (fzf's `execute-silent(CMD)`).
    case executeSilent(String)
    /// Move the selection half a page (fzf's `half-page-up`, `half-page-down`: -1, 1).
    case moveHalfPage(Int)
    /// Scroll the preview by half pages (fzf's `preview-half-page-up`, `-down`: -1, 1).
    case scrollPreviewHalfPages(Int)
    /// An edit of the query (fzf's `backward-char`, `kill-line`, `backward-kill-word` …).
    case edit(TextPrompt.Action)
    /// Mark (`true`) or unmark the selected line, staying on it (fzf's `select`, `deselect`).
    case setMark(Bool)
    /// Mark or unmark the selected line and move up under the reverse layouts, down under
    /// `default` (fzf's `toggle-in`), or the other way (`toggle-out`).
    case toggleIn, toggleOut
    /// Wrap the preview's long lines, or stop (fzf's `toggle-preview-wrap`).
    case togglePreviewWrap
    /// Run the preview again (fzf's `refresh-preview`).
    case refreshPreview
    /// Replace the prompt (fzf's `change-prompt(…)`).
    case changePrompt(String)
    /// Replace the `--header` text, a line per line break (fzf's `change-header(…)`).
    case changeHeader(String)
    /// Search for a text, the query left as it is (fzf's `search(…)`); the next edit of the
    /// query searches for the query again.
    case searchFor(String)
    /// Show a command's output in the preview pane for the selected line, until the selection
    /// moves (fzf's `preview(…)`).
    case previewWith(String)
    /// Replace the `--preview` command (fzf's `change-preview(…)`; empty: no preview).
    case changePreview(String)
    /// The next of these `--preview-window` specs (fzf's `change-preview-window(A|B|…)`, in
    /// turn), each laid over `--preview-window`'s own; an empty one is `--preview-window`'s.
    case changePreviewWindow([String])
    /// Print the query and exit 0 (fzf's `print-query`).
    case printQuery
    /// Choose, when a line matches (fzf's `accept-non-empty`).
    case acceptNonEmpty
    /// Choose, or with no line matching print the query and exit 0 (fzf's
    /// `accept-or-print-query`).
    case acceptOrPrintQuery
    /// Filter by the query (`true`, fzf's `enable-search`) or show every line whatever it is
    /// (`disable-search`, as `--disabled` starts).
    case search(Bool)
    /// Filter by the query, or stop (fzf's `toggle-search`).
    case toggleSearch
    /// The edit, or on an empty query what Esc does (fzf's `backward-delete-char/eof`,
    /// `delete-char/eof`).
    case editOrCancel(TextPrompt.Action)
    /// Show (`true`, fzf's `show-preview`) or hide the preview pane.
    case showPreview(Bool)
    /// Rank the matches by score, or keep input order, the other way than now (fzf's
    /// `toggle-sort`).
    case toggleSort
    /// Select the `N`th line shown, from 1 (the best match; 0 too); from the last when
    /// negative; the nearest line when past either end (fzf's `pos(N)`).
    case position(Int)
    /// Insert text at the query's cursor (fzf's `put(TEXT)`).
    case put(String)
    /// Print a line after the query and the `--expect` key, before the chosen lines, when the
    /// picker accepts (fzf's `print(TEXT)`; several in the order given).
    case print(String)
    /// Draw the whole screen again (fzf's `clear-screen`).
    case clearScreen
    /// Take the selected line out of the list (`false`, fzf's `exclude`), or the marked lines,
    /// the selected one when none is marked (`true`, `exclude-multi`), until the lines are
    /// replaced.
    case exclude(marked: Bool)
    /// Label the lines on screen; the next key, a label, selects its line (fzf's `jump`), or
    /// chooses it (`jump-accept`).
    case jump(PickerJump)
    /// Put this text on the border's line (fzf's `change-border-label`).
    case changeBorderLabel(String)
    /// Wrap the lines too wide for their rows, or not (fzf's `toggle-wrap`; at words,
    /// `toggle-wrap-word`).
    case toggleWrap(words: Bool)
    /// Turn fzf's raw mode on (`true`, `enable-raw`), off (`false`, `disable-raw`), or the
    /// other way (`nil`, `toggle-raw`).
    case raw(Bool?)
    /// Move as `SelectionMovement` does, on to a line the query matches in raw mode (fzf's
    /// `up-match`, `down-match`: `up` and `down` otherwise).
    case moveToMatch(SelectionMovement)
    /// Select the best match, in raw mode too (fzf's `best`).
    case best
    /// Clear the query when it is not empty, else what Esc does (fzf's `cancel`).
    case clearOrCancel
    /// Turn keys' and events' bindings off (fzf's `unbind(KEYS)`), on again (`rebind`), or
    /// the other way than now (`toggle-bind`).
    case binding(PickerBindingChange, [Key])
    /// Run a command (placeholders replaced), wait for it, and take its output (trailing line
    /// breaks dropped) as actions, the query, the prompt, the header or a search (fzf's
    /// `transform(CMD)`, `transform-query`, `transform-prompt`, `transform-header`,
    /// `transform-search`).
    case transform(PickerTransform, String)
    /// Show an older query of `--history` (-1, fzf's `prev-history`) or a newer one (1,
    /// `next-history`); nothing without `--history`.
    case history(Int)
}

/// What fzf's `unbind`, `rebind` and `toggle-bind` do to the keys they name.
package enum PickerBindingChange: Equatable, Sendable {
    case unbind, rebind, toggle
}

/// What fzf's `transform` actions do with their command's output.
package enum PickerTransform: Equatable, Sendable {
    /// Actions in `--bind`'s syntax (`down+down`, `change-query:foo`), performed in turn.
    case actions
    /// The new query.
    case query
    /// The new prompt.
    case prompt
    /// The new `--header` text.
    case header
    /// The new `--border-label` (`transform-border-label`).
    case borderLabel
    /// A text to search for, the query left as it is (`transform-search`).
    case search
}

/// The picker's keys, as two toolkit ``Keymap``s: the picker's own (choose, move, cancel, F1)
/// and the query prompt's editing keys (a ``TextPrompt``'s). What each key does, the help bar
/// and the help overlay (F1) all come from them. Letters are text for the query (fzf's way), so
/// the list moves with the arrows and Ctrl-P/Ctrl-N (and fzf's Ctrl-K), never j/k.
package enum PickerKeymap {
    /// The picker's own keys, with Tab marking lines only under `--multi`, then `bindings`
    /// (`--bind`, `--expect`), which take their keys from any binding before them.
    package static func keymap(multi: Bool, bindings: [PickerBinding] = []) -> Keymap<PickerAction> {
        var map = defaultKeymap(multi: multi)
        for binding in bindings { map.bind(binding.key, to: binding.action, help: binding.help) }
        return map
    }

    /// The picker's keys before `--bind`.
    private static func defaultKeymap(multi: Bool) -> Keymap<PickerAction> {
        var bindings: [KeyBinding<PickerAction>] = [
            KeyBinding(keys: [.enter], help: "print the selected line and exit", bar: "Enter choose", .choose)
        ]
        if multi {
            bindings.append(
                KeyBinding(
                    [.init(.key(.tab), .mark), .init(.key(.backTab), .markUp)], help: "mark the line, move down, up",
                    bar: "Tab mark"))
        }
        bindings += [
            KeyBinding(
                [
                    .init(.key(.up), .move(.previous)), .init(.key(.down), .move(.next)),
                    // (fzf's Ctrl-P/Ctrl-N: up-match, down-match; up and down but in raw mode.)
                    .init(.key(.control("p")), .moveToMatch(.previous)), .init(.key(.control("n")), .moveToMatch(.next)),
                    // fzf's Ctrl-K and Ctrl-J.
                    .init(.key(.control("k")), .move(.previous)), .init(.key(.control("j")), .move(.next)),
                ], label: "↑↓ Ctrl-P/Ctrl-N Ctrl-K/Ctrl-J", help: "move the selection", bar: "↑↓ move"),
            KeyBinding([.init(.key(.pageUp), .move(.pageUp)), .init(.key(.pageDown), .move(.pageDown))], help: "move a page"),
            KeyBinding(
                keys: [.escape, .control("c"), .control("g"), .control("q")], help: "exit 130, nothing chosen",
                bar: "Esc cancel", .cancel),
            // (fzf's Ctrl-L on the same line of the help.)
            KeyBinding(
                [.init(.key(.function(1)), .toggleHelp), .init(.key(.control("l")), .clearScreen)],
                help: "show or hide these keys; draw the screen again", bar: "F1 keys"),
            // fzf's Ctrl-D: delete-char/eof.
            KeyBinding(
                keys: [.control("d")], help: "erase the character at the cursor; on an empty query, exit 130",
                .editOrCancel(.delete)),
            // fzf's Shift-↑/↓; Shift-PgUp/PgDn (ours: fzf leaves them unbound) by the pane's height.
            KeyBinding(
                [
                    .init(.key(.shiftUp), .scrollPreview(lines: -1)), .init(.key(.shiftDown), .scrollPreview(lines: 1)),
                    .init(.key(Key.pageUp.adding(.shift)), .scrollPreviewPages(-1)),
                    .init(.key(Key.pageDown.adding(.shift)), .scrollPreviewPages(1)),
                ], help: "scroll the preview a line, a page"),
        ]
        return Keymap(bindings)
    }

    /// The query's editing keys: ``TextPrompt/defaultKeymap`` and fzf's word keys (Alt-B,
    /// Alt-F, Shift-←/→, Alt-Backspace, Alt-D) without the keys the picker keeps (Ctrl-K moves
    /// up, as in fzf; Home and End stay the query's, as in fzf), typing named as the filter it
    /// is.
    /// - Parameters:
    ///   - multi: Whether `--multi` is on (its Tab mark takes the help bar's room).
    ///   - bindings: `--bind` and `--expect`: their keys are the picker's.
    package static func promptKeymap(multi: Bool, bindings: [PickerBinding] = []) -> Keymap<TextPrompt.Action> {
        var map = TextPrompt.defaultKeymap.appending(
            Keymap([
                // fzf's word keys.
                KeyBinding(
                    [
                        .init(.key(Key.character("b").adding(.alt)), .wordLeft),
                        .init(.key(Key.character("f").adding(.alt)), .wordRight),
                        .init(.key(.shiftLeft), .wordLeft), .init(.key(.shiftRight), .wordRight),
                    ], help: "a word left, right"),
                // (fzf's Ctrl-Y on the same line of the help.)
                KeyBinding(
                    [
                        .init(.key(Key.backspace.adding(.alt)), .deleteWordLeft),
                        .init(.key(Key.character("d").adding(.alt)), .deleteWordRight),
                        .init(.key(.control("y")), .yank),
                    ], help: "erase a word left, right; put back what was erased"),
            ]))
        map.unbind(keymap(multi: multi, bindings: bindings).bindings.flatMap(\.keys))
        for index in map.bindings.indices {
            if map.bindings[index].triggers.contains(where: { $0.pattern == .anyCharacter }) {
                map.bindings[index].help = "type to filter (fzf's search syntax)"
                map.bindings[index].bar = multi ? nil : "type to filter"
            }
        }
        return map
    }
}
