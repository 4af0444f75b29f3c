import TUIList

/// `tuilist edit`'s key bindings, per mode: one table per mode that both maps keys to actions
/// and writes the help (overlay and bar), so the help can never disagree with what the keys do.
///
/// ```swift
/// EditorKeymap.action(for: .character("J"), in: model)   // .moveDown
/// EditorKeymap.bindings(for: .rebase).map(\.keys)          // the help's left column
/// ```
package enum EditorKeymap {
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

    /// What a binding matches.
    package enum Pattern: Hashable, Sendable {
        /// This key.
        case key(Key)
        /// Any printable character (typing into the filter).
        case anyCharacter
        /// Any key at all (closing the help).
        case anyKey
    }

    /// One row of a table: the keys, how the help writes them, what each key does.
    package struct Binding: Sendable {
        /// Each key (or pattern) with its action. A pattern that matches a typed character
        /// passes it on through ``typed``.
        package var triggers: [(pattern: Pattern, action: EditorAction)]
        /// The keys as a person reads them (the help's left column).
        package var keys: String
        /// What they do (the help's right column).
        package var help: String
        /// What the short help bar shows for it, if anything.
        package var bar: String?
        /// The action for a typed character, for ``Pattern/anyCharacter``.
        package var typed: (@Sendable (Character) -> EditorAction)?

        /// A row whose keys all do `action`.
        init(_ keys: [Key], _ label: String, _ help: String, bar: String? = nil, _ action: EditorAction) {
            self.init(keys.map { (Pattern.key($0), action) }, label, help, bar: bar)
        }

        /// A row whose keys do different things (↑ up, ↓ down) under one help line.
        init(
            _ triggers: [(pattern: Pattern, action: EditorAction)], _ label: String, _ help: String, bar: String? = nil,
            typed: (@Sendable (Character) -> EditorAction)? = nil
        ) {
            self.triggers = triggers
            self.keys = label
            self.help = help
            self.bar = bar
            self.typed = typed
        }

        /// The action for `key`, if this row binds it.
        func action(for key: Key) -> EditorAction? {
            for trigger in triggers {
                switch trigger.pattern {
                case .key(let bound): if bound == key { return trigger.action }
                case .anyCharacter: if case .character(let character) = key { return typed?(character) ?? trigger.action }
                case .anyKey: return trigger.action
                }
            }
            return nil
        }
    }

    private static func keys(_ keys: Key...) -> [Key] { keys }
    private static func chars(_ text: String) -> [Key] { text.map { .character($0) } }
    private static func each(_ pairs: (Key, EditorAction)...) -> [(pattern: Pattern, action: EditorAction)] {
        pairs.map { (Pattern.key($0.0), $0.1) }
    }

    /// Bindings shared by both normal modes, before the mode's own; a rebase todo says
    /// what moves do to its branches.
    private static func navigation(rebase: Bool) -> [Binding] {
        [
            Binding(
                each(
                    (.up, .cursor(.up)), (.character("k"), .cursor(.up)),
                    (.down, .cursor(.down)), (.character("j"), .cursor(.down))), "↑↓ j k", "move the cursor"),
            Binding(
                each(
                    (.pageUp, .cursor(.pageUp)), (.pageDown, .cursor(.pageDown)),
                    (.home, .cursor(.top)), (.character("g"), .cursor(.top)),
                    (.end, .cursor(.bottom)), (.character("G"), .cursor(.bottom))), "PgUp PgDn Home End g G", "page, top, bottom"),
            Binding(
                each((.character("J"), .moveDown), (.shiftDown, .moveDown), (.character("K"), .moveUp), (.shiftUp, .moveUp)),
                "J K ⇧↓ ⇧↑", "move the line (or the marked lines) down, up", bar: "J/K move"),
        ] + (rebase ? rebaseMoves : []) + [
            Binding(
                each((.character("T"), .moveToTop), (.character("B"), .moveToBottom)), "T B",
                "move them to the top, the bottom"),
            Binding(
                keys(.character("m")), "m", "move them to a line: ↑↓ or its number, then Enter",
                bar: "m move to", .beginMoveTo),
            Binding(keys(.character(" ")), "Space", "drag: ↑↓ carry, Enter drop, Esc cancel", bar: "Space drag", .pickUp),
            Binding(
                each((.character("v"), .toggleMark), (.escape, .clearMarks)), "v Esc",
                "mark several; Esc clears the filter, then marks"),
        ]
    }

    /// What a move does to a rebase todo's branches: help lines without keys of their own.
    private static let rebaseMoves: [Binding] = [
        Binding([], "", "· a commit moves with the update-ref lines below it"),
        Binding([], "", "· an update-ref line moves alone: branch re-points"),
        Binding([], "", "· across label/reset/merge, a commit changes branch"),
    ]

    /// Bindings shared by both normal modes, after the mode's own.
    private static let common: [Binding] = [
        Binding(
            each((.character("u"), .undo), (.character("U"), .redo), (.control("r"), .redo)),
            "u U Ctrl-R", "undo, redo", bar: "u undo"),
        Binding(keys(.character("/")), "/", "filter (Enter keeps, Esc clears)", bar: "/ filter", .beginFilter),
        Binding(keys(.character("w")), "w", "write the file and exit", bar: "w write", .write),
        Binding(keys(.character("!")), "!", "edit in $VISUAL/$EDITOR, back with what was saved", .openInEditor),
        Binding(keys(.character("q")), "q", "quit (asks before discarding changes)", bar: "q quit", .quit),
        Binding(
            each((.character("?"), .toggleHelp), (.function(1), .toggleHelp), (.control("c"), .abort)), "? Ctrl-C",
            "this help; Ctrl-C exits at once, writing nothing", bar: "? help"),
    ]

    /// Every table, by mode, in the order the help shows them.
    package static func bindings(for mode: Mode) -> [Binding] {
        switch mode {
        case .lines:
            return navigation(rebase: false) + [
                Binding(
                    keys(.character("d"), .delete), "d Delete", "delete the line (or the marked lines)", bar: "d delete", .delete)
            ] + common
        case .rebase:
            return navigation(rebase: true) + [
                Binding(
                    each(
                        (.character("p"), .setAction(.pick)), (.character("P"), .setAction(.pick)),
                        (.character("r"), .setAction(.reword)), (.character("R"), .setAction(.reword)),
                        (.character("e"), .setAction(.edit)), (.character("E"), .setAction(.edit))),
                    "p r e", "pick, reword (edit its message), edit (stop there)", bar: "p r e s f d action"),
                Binding(
                    each(
                        (.character("s"), .setAction(.squash)), (.character("S"), .setAction(.squash)),
                        (.character("f"), .setAction(.fixup)), (.character("F"), .setAction(.fixup)),
                        (.character("d"), .setAction(.drop))),
                    "s f d", "squash, fixup (only the message above) into it; drop"),
                Binding(keys(.character("D"), .delete), "D Delete", "delete the line from the todo", .delete),
                Binding(
                    each((.character("x"), .addExec), (.character("X"), .editExec)), "x X",
                    "add an exec line below (type it, Enter); X edits one", bar: "x exec"),
                Binding(keys(.character("b")), "b", "add a break line below: git stops there", .addBreak),
                Binding(
                    keys(.character("c"), .enter), "c Enter", "show the commit (git show --stat), or hide it",
                    bar: "c show", .toggleCommit),
            ] + common
        case .drag:
            return [
                Binding(
                    keys(.down, .character("j"), .character("J"), .shiftDown), "↓ j J", "carry down", bar: "↑↓ carry", .dragDown),
                Binding(keys(.up, .character("k"), .character("K"), .shiftUp), "↑ k K", "carry up", .dragUp),
                Binding(keys(.enter, .character(" ")), "Enter Space", "drop here", bar: "Enter drop", .drop),
                Binding(keys(.escape, .character("q")), "Esc q", "cancel: back where it was", bar: "Esc cancel", .cancelDrag),
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .filter:
            return [
                Binding([(.anyCharacter, .filterType(" "))], "text", "type to filter", typed: { .filterType($0) }),
                Binding(keys(.backspace), "Backspace", "erase", .filterBackspace),
                Binding(keys(.enter, .down, .up), "Enter", "keep the filter", bar: "Enter keep", .filterCommit),
                Binding(keys(.escape), "Esc", "clear the filter", bar: "Esc clear", .filterCancel),
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .moveTarget:
            return [
                Binding(
                    each(
                        (.up, .cursor(.up)), (.character("k"), .cursor(.up)), (.down, .cursor(.down)),
                        (.character("j"), .cursor(.down)), (.pageUp, .cursor(.pageUp)), (.pageDown, .cursor(.pageDown)),
                        (.home, .cursor(.top)), (.character("g"), .cursor(.top)), (.end, .cursor(.bottom)),
                        (.character("G"), .cursor(.bottom))), "↑↓ j k g G", "pick the target line", bar: "↑↓ target"),
                Binding(
                    "0123456789".map { (Pattern.key(.character($0)), EditorAction.moveToDigit($0)) }, "0-9",
                    "the target's line number", bar: "0-9 line"),
                Binding(keys(.enter, .character("m")), "Enter", "move the lines there", bar: "Enter move", .moveToCommit),
                Binding(keys(.escape, .character("q")), "Esc", "leave them where they are", bar: "Esc cancel", .moveToCancel),
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .prompt:
            return [
                Binding([(.anyCharacter, .promptType(" "))], "text", "type (or paste) the command", typed: { .promptType($0) }),
                Binding(
                    each(
                        (.left, .promptCursor(.left)), (.right, .promptCursor(.right)), (.home, .promptCursor(.start)),
                        (.control("a"), .promptCursor(.start)), (.end, .promptCursor(.end)), (.control("e"), .promptCursor(.end))),
                    "← → Home End", "move in the text"),
                Binding(each((.backspace, .promptBackspace), (.delete, .promptDelete)), "Backspace Delete", "erase"),
                Binding(keys(.enter), "Enter", "done", bar: "Enter done", .promptCommit),
                Binding(keys(.escape), "Esc", "cancel", bar: "Esc cancel", .promptCancel),
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .confirmDiscard:
            return [
                Binding(chars("yY"), "y", "discard the changes and exit (status 1)", bar: "y discard", .confirmDiscard(true)),
                Binding(
                    keys(.character("n"), .character("N"), .escape, .character("q")), "n Esc", "keep editing",
                    bar: "n keep editing", .confirmDiscard(false)),
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
            ]
        case .help:
            return [
                Binding(keys(.control("c")), "Ctrl-C", "exit at once, writing nothing", .abort),
                Binding([(.anyKey, .toggleHelp)], "any key", "close the help"),
            ]
        }
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

    /// The action for a key in the model's current mode, or `nil` when the key does nothing:
    /// the first row of the mode's table that binds it.
    package static func action(for key: Key, in model: EditorModel) -> EditorAction? {
        for binding in bindings(for: mode(of: model)) {
            if let action = binding.action(for: key) { return action }
        }
        return nil
    }

    /// The one-line help bar for the model's current mode.
    package static func bar(for model: EditorModel) -> String {
        let mode = mode(of: model)
        let parts = bindings(for: mode).compactMap(\.bar)
        switch mode {
        case .drag: return "DRAG  " + parts.joined(separator: " · ")
        case .filter: return "/" + model.filter + "▏  " + parts.joined(separator: " · ")
        case .moveTarget: return "MOVE \(model.moveTarget?.items.count ?? 0) TO  " + parts.joined(separator: " · ")
        case .prompt: return "EXEC  " + parts.joined(separator: " · ")
        case .confirmDiscard: return "discard changes? (y/n)"
        case .help: return "any key closes the help"
        case .lines, .rebase:
            // Help and quit first, so a narrow window still shows how to learn the rest and leave.
            let first = parts.filter { $0 == "? help" || $0 == "w write" || $0 == "q quit" }
            return (first + parts.filter { !first.contains($0) }).joined(separator: "  ")
        }
    }
}
