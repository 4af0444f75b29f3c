import TUIList

/// `tuilist edit`'s key bindings, per mode: one toolkit ``Keymap`` per mode that both maps keys
/// to actions and writes the help (``HelpOverlay`` and ``HelpBar``), so the help can never
/// disagree with what the keys do. F1 shows the help of the mode in force in every mode.
///
/// The normal modes come in two sets of keys (``Keys``): tuilist's own, and
/// git-interactive-rebase-tool's defaults (`--keys girt`) for people whose fingers know that
/// tool; every other mode is the same in both.
///
/// ```swift
/// EditorKeymap.action(for: .character("J"), in: model)               // .moveDown
/// EditorKeymap.action(for: .character("j"), in: model, keys: .girt)  // .moveDown too
/// EditorKeymap.bindings(for: .rebase).map(\.keysLabel)     // the help's left column
/// ```
package enum EditorKeymap {
    /// Whose keys the normal modes take.
    package enum Keys: String, CaseIterable, Hashable, Sendable {
        /// tuilist's: ↑↓ j k move the cursor, J K the line, q asks only when something changed.
        case tuilist
        /// git-interactive-rebase-tool's defaults (its `readme/customization.md`): ↑↓ move the
        /// cursor, j k the line, p r e s f d the action, b a break, c the commit, E edits a
        /// command's arguments, I inserts a line, Delete deletes, v marks, ! opens the editor,
        /// Ctrl-Y redoes, q asks then exits 1 (git aborts the rebase), Q exits 1 at once, w and W
        /// write. Keys it leaves free keep tuilist's meaning (J K, T B, m, Space, /, u U, x, D).
        /// Ctrl-Z, its undo, stays the terminal's suspend: undo is u.
        case girt
    }

    /// Which table is in force.
    package enum Mode: Hashable, Sendable {
        /// Plain lines.
        case lines
        /// A git rebase todo: `d` is drop, deleting a line is `D` or Delete.
        case rebase
        /// Carrying lines with Space.
        case drag
        /// Typing a filter.
        case filter
        /// `m` waits for its target line.
        case moveTarget
        /// Typing an `exec` command.
        case prompt
        /// Asking "discard changes? (y/n)".
        case confirmDiscard
        /// The help overlay is open: any key closes it.
        case help
    }

    /// One row of a table: the toolkit's binding of keys to ``EditorAction``s.
    package typealias Binding = KeyBinding<EditorAction>
    private typealias Trigger = KeyBinding<EditorAction>.Trigger

    private static func keys(_ keys: Key...) -> [Key] { keys }
    private static func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private static func each(_ pairs: (Key, EditorAction)...) -> [Trigger] {
        pairs.map { Trigger(.key($0.0), $0.1) }
    }
    /// A row whose keys all do `action`, its keys written as `label`.
    private static func row(_ keys: [Key], _ label: String, _ help: String, bar: String? = nil, _ action: EditorAction) -> Binding
    {
        Binding(keys: keys, label: label, help: help, bar: bar, action)
    }
    /// A row whose keys do different things under one help line.
    private static func row(
        _ triggers: [Trigger], _ label: String, _ help: String, bar: String? = nil,
        typed: (@Sendable (Character) -> EditorAction)? = nil
    ) -> Binding {
        Binding(triggers, label: label, help: help, bar: bar, typed: typed)
    }
    /// F1 shows the help of the mode in force (where `?` is typed, or means something else).
    private static let helpKey = row(keys(.function(1)), "F1", "this help", bar: "F1 help", .toggleHelp)

    /// Bindings shared by both normal modes, before the mode's own; a rebase todo says
    /// what moves do to its branches.
    private static func navigation(rebase: Bool) -> [Binding] {
        [
            row(
                each(
                    (.up, .cursor(.up)), (.character("k"), .cursor(.up)),
                    (.down, .cursor(.down)), (.character("j"), .cursor(.down))), "↑↓ j k", "move the cursor"),
            row(
                each(
                    (.pageUp, .cursor(.pageUp)), (.pageDown, .cursor(.pageDown)),
                    (.home, .cursor(.top)), (.character("g"), .cursor(.top)),
                    (.end, .cursor(.bottom)), (.character("G"), .cursor(.bottom))), "PgUp PgDn Home End g G", "page, top, bottom"),
            row(
                each((.character("J"), .moveDown), (.shiftDown, .moveDown), (.character("K"), .moveUp), (.shiftUp, .moveUp)),
                "J K ⇧↓ ⇧↑", "move the line (or the marked lines) down, up", bar: "J/K move"),
        ] + (rebase ? rebaseMoves : []) + [
            row(
                each((.character("T"), .moveToTop), (.character("B"), .moveToBottom)), "T B",
                "move them to the top, the bottom"),
            row(
                keys(.character("m")), "m", "move them to a line: ↑↓ or its number, then Enter",
                bar: "m move to", .beginMoveTo),
            row(keys(.character(" ")), "Space", "drag: ↑↓ carry, Enter drop, Esc cancel", bar: "Space drag", .pickUp),
            row(
                each((.character("v"), .toggleMark), (.escape, .clearMarks)), "v Esc",
                "mark several; Esc clears the filter, then marks"),
        ]
    }

    /// What a move does to a rebase todo's branches: help lines without keys of their own.
    private static let rebaseMoves: [Binding] = [
        row([], "", "· a commit moves with the update-ref lines below it"),
        row([], "", "· an update-ref line moves alone: branch re-points"),
        row([], "", "· across label/reset/merge, a commit changes branch"),
    ]

    /// Bindings shared by both normal modes, after the mode's own.
    private static let common: [Binding] = [
        row(
            each((.character("u"), .undo), (.character("U"), .redo), (.control("r"), .redo)),
            "u U Ctrl-R", "undo, redo", bar: "u undo"),
        row(keys(.character("/")), "/", "filter (Enter keeps, Esc clears)", bar: "/ filter", .beginFilter),
        row(keys(.character("w")), "w", "write the file and exit", bar: "w write", .write),
        row(keys(.character("!")), "!", "edit in $VISUAL/$EDITOR, back with what was saved", .openInEditor),
        row(keys(.character("q")), "q", "quit (asks before discarding changes)", bar: "q quit", .quit),
        row(
            each((.character("?"), .toggleHelp), (.function(1), .toggleHelp), (.control("c"), .abort)), "? F1 Ctrl-C",
            "this help; Ctrl-C exits at once, writing nothing", bar: "? help"),
    ]

    /// git-interactive-rebase-tool's default keys of a normal mode (the rebase todo's take
    /// the actions too), from its `readme/customization.md`: they come before tuilist's table,
    /// which loses them (``bindings(for:keys:)``).
    private static func girtRows(rebase: Bool) -> [Binding] {
        var rows = [
            row(
                each(
                    (.up, .cursor(.up)), (.down, .cursor(.down)), (.pageUp, .cursor(.pageUp)),
                    (.pageDown, .cursor(.pageDown)), (.home, .cursor(.top)), (.end, .cursor(.bottom))),
                "↑↓ PgUp PgDn Home End", "move the cursor"),
            row(
                each((.character("j"), .moveDown), (.character("k"), .moveUp)), "j k",
                "move the line (or the marked lines) down, up", bar: "j/k move"),
        ]
        if rebase {
            rows += [
                row(
                    each(
                        (.character("p"), .setAction(.pick)), (.character("r"), .setAction(.reword)),
                        (.character("e"), .setAction(.edit)), (.character("s"), .setAction(.squash)),
                        (.character("f"), .setAction(.fixup)), (.character("d"), .setAction(.drop))),
                    "p r e s f d", "pick, reword, edit, squash, fixup, drop", bar: "p r e s f d action"),
                row(keys(.character("b")), "b", "add a break line below: git stops there", .addBreak),
                row(keys(.character("c")), "c", "the commit's diff (git show) or not", bar: "c diff", .toggleCommit),
                row(keys(.character("E")), "E", "edit an exec, label, reset, merge or update-ref line", .editExec),
                row(keys(.character("I")), "I", "insert any todo line below", .insertLine),
            ]
        }
        rows += [
            row(keys(.delete), "Delete", "delete the line (or the marked lines)", .delete),
            row(keys(.character("v")), "v", "mark the line (several: v on each)", .toggleMark),
            row(keys(.control("y")), "Ctrl-Y", "redo (undo is u: Ctrl-Z suspends)", .redo),
            row(keys(.character("!")), "!", "edit in $VISUAL/$EDITOR, back with what was saved", .openInEditor),
            row(
                each((.character("w"), .write), (.character("W"), .write)), "w W", "write the file and exit",
                bar: "w write"),
            row(keys(.character("q")), "q", "exit 1 writing nothing, after y (git aborts)", bar: "q abort", .quitAsking),
            row(keys(.character("Q")), "Q", "exit 1 at once, writing nothing (git aborts)", .abort),
            row(keys(.character("?")), "?", "this help", bar: "? help", .toggleHelp),
        ]
        return rows
    }

    /// Every table, by mode, in the order the help shows them; the normal modes with `keys`.
    package static func bindings(for mode: Mode, keys: Keys) -> [Binding] {
        guard keys == .girt, mode == .lines || mode == .rebase else { return bindings(for: mode) }
        let girt = girtRows(rebase: mode == .rebase)
        return girt
            + {
                var table = Keymap(bindings(for: mode))
                table.unbind(girt.flatMap(\.keys))
                return table.bindings
            }()
    }

    /// Every table, by mode, in the order the help shows them (tuilist's keys).
    package static func bindings(for mode: Mode) -> [Binding] {
        switch mode {
        case .lines:
            return navigation(rebase: false) + [
                row(
                    keys(.character("d"), .delete), "d Delete", "delete the line (or the marked lines)", bar: "d delete", .delete)
            ] + common
        case .rebase:
            return navigation(rebase: true) + [
                row(
                    each(
                        (.character("p"), .setAction(.pick)), (.character("P"), .setAction(.pick)),
                        (.character("r"), .setAction(.reword)), (.character("R"), .setAction(.reword)),
                        (.character("e"), .setAction(.edit)), (.character("E"), .setAction(.edit))),
                    "p r e P R E", "pick, reword (edit its message), edit (stop there)", bar: "p r e s f d action"),
                row(
                    each(
                        (.character("s"), .setAction(.squash)), (.character("S"), .setAction(.squash)),
                        (.character("f"), .setAction(.fixup)), (.character("F"), .setAction(.fixup)),
                        (.character("d"), .setAction(.drop)), (.character("C"), .cycleFixupFlag)),
                    "s f d S F C", "squash, fixup into it; drop; C: fixup -C, -c"),
                row(keys(.character("D"), .delete), "D Delete", "delete the line from the todo", .delete),
                row(
                    each((.character("x"), .addExec), (.character("i"), .insertLine), (.character("X"), .editExec)),
                    "x i X", "add an exec below; i any line; X edits arguments", bar: "x exec"),
                row(keys(.character("b")), "b", "add a break line below: git stops there", .addBreak),
                row(
                    each(
                        (.character("c"), .toggleCommit), (.enter, .toggleCommit),
                        (.character("]"), .scrollCommit(down: true)), (.character("["), .scrollCommit(down: false))),
                    "c Enter ] [", "the commit's diff (git show) or not; ] [ scroll", bar: "c diff"),
            ] + common
        case .drag:
            return [
                row(
                    keys(.down, .character("j"), .character("J"), .shiftDown), "↓ j J ⇧↓", "carry down", bar: "↑↓ carry",
                    .dragDown),
                row(keys(.up, .character("k"), .character("K"), .shiftUp), "↑ k K ⇧↑", "carry up", .dragUp),
                row(keys(.enter, .character(" ")), "Enter Space", "drop here", bar: "Enter drop", .drop),
                row(keys(.escape, .character("q")), "Esc q", "cancel: back where it was", bar: "Esc cancel", .cancelDrag),
                helpKey,
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .filter:
            return [
                row(keys(.enter, .down, .up), "Enter ↓ ↑", "keep the filter", bar: "Enter keep", .filterCommit),
                row(keys(.escape), "Esc", "clear the filter", bar: "Esc clear", .filterCancel),
                helpKey,
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .moveTarget:
            return [
                row(
                    each(
                        (.up, .cursor(.up)), (.character("k"), .cursor(.up)), (.down, .cursor(.down)),
                        (.character("j"), .cursor(.down)), (.pageUp, .cursor(.pageUp)), (.pageDown, .cursor(.pageDown)),
                        (.home, .cursor(.top)), (.character("g"), .cursor(.top)), (.end, .cursor(.bottom)),
                        (.character("G"), .cursor(.bottom))), "↑↓ j k PgUp PgDn Home End g G", "pick the target line",
                    bar: "↑↓ target"),
                row(
                    "0123456789".map { Trigger(.key(.character($0)), EditorAction.moveToDigit($0)) }, "0-9",
                    "the target's position in the list (1 is the first line)", bar: "0-9 position"),
                row(keys(.enter, .character("m")), "Enter m", "move the lines there", bar: "Enter move", .moveToCommit),
                row(keys(.escape, .character("q")), "Esc q", "leave them where they are", bar: "Esc cancel", .moveToCancel),
                helpKey,
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .prompt:
            return [
                row(keys(.enter), "Enter", "done", bar: "Enter done", .promptCommit),
                row(keys(.escape), "Esc", "cancel", bar: "Esc cancel", .promptCancel),
                row(
                    keys(.tab), "Tab", "complete a command, hash or label from the todo", bar: "Tab complete",
                    .promptComplete),
                helpKey,
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .confirmDiscard:
            return [
                row(chars("yY"), "y Y", "discard the changes and exit (status 1)", bar: "y discard", .confirmDiscard(true)),
                row(
                    keys(.character("n"), .character("N"), .escape, .character("q")), "n N Esc q", "keep editing",
                    bar: "n keep editing", .confirmDiscard(false)),
                row(keys(.function(1)), "F1", "this help", .toggleHelp),
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .help:
            return [
                row(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", bar: "Ctrl-C exits", .abort),
                row([Trigger(.anyKey, .toggleHelp)], "any key", "close the help", bar: "any key closes the help"),
            ]
        }
    }

    /// The editing keys of the text prompt open in `mode` (``TextPrompt/keymap``: typing,
    /// ←/→, Home/End, Backspace/Delete, Ctrl-A/E/U/K/W), or nil in a mode without one. They
    /// come before the mode's keymap (``EditorModel/textEdit(_:)``), which keeps Enter, Esc,
    /// ↑↓, F1 and Ctrl-C; the help lists both.
    package static func promptKeymap(for mode: Mode, of model: EditorModel) -> Keymap<TextPrompt.Action>? {
        switch mode {
        case .filter: return model.filterPrompt.keymap
        case .prompt: return model.prompt?.field.keymap
        default: return nil
        }
    }

    /// The help's heading over the prompt's editing keys in `mode`.
    package static func promptHeading(for mode: Mode) -> String {
        mode == .prompt ? "Editing the command" : "Editing the filter"
    }

    /// The mode the model is in.
    package static func mode(of model: EditorModel) -> Mode {
        if model.isConfirmingDiscard { return .confirmDiscard }
        if model.showHelp { return .help }
        if model.prompt != nil { return .prompt }
        if model.moveTarget != nil { return .moveTarget }
        if model.isDragging { return .drag }
        if model.isEditingFilter { return .filter }
        return model.mode == .rebase ? .rebase : .lines
    }

    /// The keymap of `mode`: its table, which dispatches the keys and draws the help.
    package static func keymap(for mode: Mode) -> Keymap<EditorAction> {
        Keymap(bindings(for: mode))
    }

    /// The mode the help shows the keys of: the one under the help.
    package static func helpMode(of model: EditorModel) -> Mode {
        if model.isConfirmingDiscard { return .confirmDiscard }
        if model.prompt != nil { return .prompt }
        if model.moveTarget != nil { return .moveTarget }
        if model.isDragging { return .drag }
        if model.isEditingFilter { return .filter }
        return model.mode == .rebase ? .rebase : .lines
    }

    /// The keymap of `mode` with `keys` (``bindings(for:keys:)``).
    package static func keymap(for mode: Mode, keys: Keys) -> Keymap<EditorAction> {
        Keymap(bindings(for: mode, keys: keys))
    }

    /// The action for a key in the model's current mode, or `nil` when the key does nothing
    /// here or is an editing key of the prompt open (``promptKeymap(for:of:)``, which takes it
    /// first): that of the mode's keymap (the first row of its table that binds it).
    package static func action(for key: Key, in model: EditorModel, keys: Keys = .tuilist) -> EditorAction? {
        let mode = mode(of: model)
        if promptKeymap(for: mode, of: model)?.action(for: key) != nil { return nil }
        return keymap(for: mode, keys: keys).action(for: key)
    }

    /// What the status line says of a key that does nothing in the model's mode: its name and
    /// where help is (`?` in the normal modes, F1 where `?` is typed or means something else),
    /// as in `Ctrl-Y does nothing here · ? for help`.
    package static func nothingMessage(for key: Key, in model: EditorModel) -> String {
        let help: String
        switch mode(of: model) {
        case .lines, .rebase: help = "? for help"
        default: help = "F1 for help"
        }
        return "\(key.shortName) does nothing here · \(help)"
    }

    /// What the help bar starts with in the model's mode, before the keymap's items.
    package static func barLabel(for model: EditorModel) -> String {
        switch mode(of: model) {
        case .drag: return "DRAG  "
        case .filter: return ""  // the prompt itself comes first (EditorApp draws it)
        case .moveTarget: return "MOVE \(model.moveTarget?.items.count ?? 0) TO  "
        case .prompt:
            switch model.prompt?.purpose {
            case .newLine?: return "INSERT  "
            case .editArguments(let id)?: return (model.todoLine(id).command?.rawValue.uppercased() ?? "EDIT") + "  "
            case .newExec?, nil: return "EXEC  "
            }
        case .confirmDiscard: return model.discardQuestion
        case .help, .lines, .rebase: return ""
        }
    }

    /// The help bar's items in the model's mode: the keymap's bar texts (none while asking
    /// "discard changes?", which names its keys); in the normal modes help, write and quit
    /// first, so a narrow window still shows how to learn the rest and leave.
    package static func barItems(for model: EditorModel, keys: Keys = .tuilist) -> [String] {
        let mode = mode(of: model)
        // A prompt's editing keys after the mode's own (as many as the line has room for).
        let editing = promptKeymap(for: mode, of: model)?.bindings.filter { !$0.keys.isEmpty }.map(\.keysLabel) ?? []
        let parts = keymap(for: mode, keys: keys).barItems + editing
        switch mode {
        case .confirmDiscard: return []
        case .lines, .rebase:
            let first = parts.filter { ["? help", "w write", "q quit", "q abort"].contains($0) }
            return first + parts.filter { !first.contains($0) }
        default: return parts
        }
    }

    /// What goes between two items of the bar in the model's mode.
    package static func barSeparator(for model: EditorModel) -> String {
        switch mode(of: model) {
        case .lines, .rebase: return "  "
        default: return " · "
        }
    }

    /// The one-line help bar for the model's current mode, as text.
    package static func bar(for model: EditorModel, keys: Keys = .tuilist) -> String {
        barLabel(for: model) + barItems(for: model, keys: keys).joined(separator: barSeparator(for: model))
    }
}
