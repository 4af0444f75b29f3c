import TUIList

/// What the person asked for, after key bindings: the editor's messages (bubbletea's `Msg`).
package enum EditorAction: Hashable, Sendable {
    /// Where the cursor goes.
    package enum CursorMove: Hashable, Sendable { case up, down, pageUp, pageDown, top, bottom }
    /// Moves the cursor.
    case cursor(CursorMove)
    /// Puts the cursor on a line (a mouse click).
    case select(Int)
    /// Moves the selected (or marked) lines one shown line down or up. In a rebase todo a
    /// commit takes the `update-ref` lines right below it along (the branches it carries).
    case moveDown, moveUp
    /// Moves the selected (or marked) lines to the top or the bottom of the list.
    case moveToTop, moveToBottom
    /// `m`: the cursor then picks a target line (↑↓, or its number typed); Enter moves the
    /// selected (or marked) lines there, Esc leaves them.
    case beginMoveTo
    /// A digit of the target's position: the line that is N-th in the list now (the gutter
    /// shows where lines were in the file; after moves the two differ).
    case moveToDigit(Character)
    /// Moves the lines to the target line; or leaves them where they are.
    case moveToCommit, moveToCancel
    /// Space: picks the lines up; then carries them, drops them (one undo step) or puts them back.
    case pickUp, dragDown, dragUp, drop, cancelDrag
    /// `v` marks or unmarks the cursor's line; Esc clears the filter, else the marks.
    case toggleMark, clearMarks
    /// Deletes the selected (or marked) lines (undoable).
    case delete
    /// Rebase todos: gives the selected (or marked) commits an action.
    case setAction(RebaseAction)
    /// Rebase todos: makes the selected (or marked) commits `fixup`, then `fixup -C` (use
    /// this commit's message), then `fixup -c` (and edit it), then plain `fixup` again.
    case cycleFixupFlag
    /// Takes a change back, or again.
    case undo, redo
    /// The filter prompt: open, keep (Enter), clear (Esc).
    case beginFilter, filterCommit, filterCancel
    /// The filter prompt after a run of its editing keys (``TextPrompt``'s: typing, ←/→,
    /// Home/End, Backspace/Delete, Ctrl-A/E/U/K/W, a paste as one line): its text and cursor.
    /// One action per run, so the list is filtered once per run, not per key
    /// (``EditorModel/textEdit(_:)`` makes it).
    case filterEdit(text: String, cursor: Int)
    /// Shows or hides the key table.
    case toggleHelp
    /// Rebase todos: adds an `exec` line below the selection and opens the prompt for its
    /// command; adds a `break` line below the selection; opens the prompt on the arguments of
    /// the selected `exec`, `label`, `reset`, `merge` or `update-ref` line.
    case addExec, addBreak, editExec
    /// Rebase todos: opens the prompt for any todo line (`pick <hash>`, `label`, `reset`,
    /// `merge`, `update-ref`, `exec`, `break`), added below the selection on Enter.
    case insertLine
    /// The prompt: Tab completes the word before the cursor from the todo (a command word, a
    /// commit's hash, a label, a branch of an `update-ref`).
    case promptComplete
    /// The `exec` prompt after a run of its editing keys (``TextPrompt``'s): its text and
    /// cursor (``EditorModel/textEdit(_:)`` makes it).
    case promptEdit(text: String, cursor: Int)
    /// The prompt: a paste goes in at the cursor, as one line (line breaks inside become "; ").
    case promptPaste(String)
    /// The prompt: Enter keeps the text.
    case promptCommit
    /// The prompt: Esc leaves it.
    case promptCancel
    /// `!`: opens the lines as they are now in `$VISUAL` or `$EDITOR`; what is saved there
    /// comes back as the list.
    case openInEditor
    /// Rebase todos: shows the selected commit (`git show`: its message, files and diff) under
    /// the list, or hides it.
    case toggleCommit
    /// Rebase todos: scrolls the commit shown under the list a page down (or up).
    case scrollCommit(down: Bool)
    /// Writes the file and exits 0; a rebase todo is first checked: a line git would stop on
    /// (``EditorModel/writeRefusal(unresolved:)``: an unknown command, a commit git cannot
    /// find) is never written; one with ``EditorModel/writeProblems()`` only by a second `w`
    /// in a row.
    case write
    /// What git said of the todo's commits after `w` asked (``EditorEffect/verifyCommits(_:)``):
    /// the names it did not find, with its word for why; empty when it could not be asked.
    case commitsVerified([String: String])
    /// Exits 0 when nothing changed; else asks "discard changes? (y/n)".
    case quit
    /// Asks even when nothing changed (git-interactive-rebase-tool's `q`: the rebase is
    /// aborted); `y` exits 1 without writing.
    case quitAsking
    /// The answer to that question: `true` exits 1 without writing.
    case confirmDiscard(Bool)
    /// Exits at once without writing (Ctrl-C): status 1, as discarding does — not 130, which git
    /// takes for its editor killed by SIGINT, and then kills itself mid-rebase.
    case abort
}

/// What the model asks its driver to do after an update (bubbletea's `Cmd`).
package enum EditorEffect: Equatable, Sendable {
    /// Show this snapshot (the one `ListView.apply` path); reconfigured items changed content.
    case apply(Snapshot<Int, Int>, animated: Bool)
    /// A short message for the status line.
    case message(String)
    /// Write ``EditorModel/outputBytes()`` to the file; on success exit 0, else show the error.
    case write
    /// Ask git which of these commit names it cannot find (``GitCommits``) and feed the answer
    /// back as ``EditorAction/commitsVerified(_:)``: `w` of a rebase todo waits on it.
    case verifyCommits([String])
    /// Exit with this status, writing nothing.
    case exit(Int32)
    /// Hand ``EditorModel/outputBytes()`` to `$VISUAL`/`$EDITOR` (the terminal given back
    /// meanwhile) and feed what comes back to ``EditorModel/replaceContent(with:)``.
    case openInEditor
}

/// The editable part of the editor's state: what an undo step restores and what the file
/// becomes.
package struct EditorState: Equatable, Sendable {
    /// The shown lines (every line but rebase comments and blanks), in order; deleted ones absent.
    package var order: [Int]
    /// Rebase todos: the commits whose action was changed, with their new action.
    package var actions: [Int: RebaseAction] = [:]
    /// Rebase todos: the text of each added line (identifiers from the document's `count` on)
    /// and of each `exec` line whose command was edited.
    package var texts: [Int: String] = [:]
}

/// The one-line prompt for an `exec` command: what it is for, and the library's
/// ``TextPrompt`` that edits the command.
package struct PromptState: Equatable, Sendable {
    /// What the text becomes.
    package enum Purpose: Equatable, Sendable {
        /// A new `exec` line, placed right after this line (nil: at the top).
        case newExec(after: Int?)
        /// The arguments of this line (an `exec`'s command, a `label`'s name …).
        case editArguments(Int)
        /// A new todo line of any kind, typed whole, placed right after this line (nil: at the top).
        case newLine(after: Int?)
    }
    /// What Enter does with the text.
    package var purpose: Purpose
    /// The command being typed, with its cursor; drawn after " exec ▸ ".
    package var field: TextPrompt

    /// A prompt for `purpose` holding `text`, the cursor at its end, drawn after `prefix`.
    package init(purpose: Purpose, text: String, prefix: String = " exec ▸ ") {
        self.purpose = purpose
        field = TextPrompt(text: text, prefix: prefix)
        field.prefixStyle = Style(foreground: .magenta, attributes: .bold)
    }

    /// The text as a string.
    package var string: String { field.text }
    /// Where typing goes: `0...string.count` characters.
    package var cursor: Int { field.cursor }

    /// Same purpose, text and cursor (the keys and looks are the same for every prompt).
    package static func == (a: PromptState, b: PromptState) -> Bool {
        a.purpose == b.purpose && a.field.characters == b.field.characters && a.field.cursor == b.field.cursor
    }
}

/// `m` waiting for a target line.
package struct MoveTargetState: Equatable, Sendable {
    /// The lines to move, in list order (commits with the `update-ref` lines they carry).
    package var items: [Int]
    /// The line number typed so far.
    package var typed: String = ""
}

/// How the editor reads the file.
package enum EditorMode: Hashable, Sendable {
    /// Every line is an item.
    case lines
    /// A git rebase todo: commits with actions; comments and blank lines hidden and kept.
    case rebase
}

/// `tuilist edit`'s whole state, a value: ``update(_:)`` takes an action and returns effects;
/// the screen is a function of it. No terminal, no clock, no file system: tests drive it
/// directly, and ``outputBytes()`` is what `w` writes.
///
/// The list's items are line identifiers (``LineDocument``'s original positions), in one
/// section, `0`. In ``EditorMode/rebase`` comment and blank lines are not items: each such
/// line stays with the first shown line below it in the original file (git's help text at the
/// end stays at the end), so moving commits never moves a comment away from what it precedes.
package struct EditorModel: Sendable {
    /// The file as read.
    package let document: LineDocument
    /// Lines or rebase todo.
    package let mode: EditorMode
    /// Rebase todos: each line parsed (empty in ``EditorMode/lines``).
    package let todo: [RebaseTodoLine]
    /// The state when the file was read; the file is modified when ``state`` differs.
    package let initialState: EditorState
    /// The list editing the editor shares with the demo (the library's ``ListEditing``): the
    /// state, its undo history, the marks and a drag in progress.
    package internal(set) var editing: ListEditing<EditorState, Int>
    /// The current order, deletions and actions.
    package internal(set) var state: EditorState {
        get { editing.state }
        _modify { yield &editing.state }
    }
    /// The line the cursor is on.
    package internal(set) var cursor: Int?
    /// The filter's query with its cursor (``TextPrompt``, drawn as "/query" on the help bar
    /// while typing); its editing keys are ``TextPrompt/keymap``.
    package internal(set) var filterPrompt = TextPrompt(prefix: "/")
    /// The filter: lines that do not match it are hidden (``FilterQuery/listFilter(_:)``, as
    /// in every TUIList list).
    package internal(set) var filter: String {
        get { filterPrompt.text }
        set {
            filterPrompt.text = newValue
            if lineFilter.index == nil && !FilterQuery.listFilter(newValue).isEmpty { lineFilter.setIndex(linesAsRead) }
            lineFilter.setText(newValue)
        }
    }
    /// The filter over the document's lines as read, folded once on its first use (an item's
    /// identifier is its line): a query then costs a scan of bytes, not a `String` per line.
    /// Lines changed or added since are matched by their text (``matchesFilter(_:)``).
    var lineFilter = ListFilter<Int>()
    /// Whether typed characters go to the filter.
    package internal(set) var isEditingFilter = false
    /// Whether the help overlay is shown.
    package internal(set) var showHelp = false
    /// Rebase todos: whether the selected commit is shown under the list.
    package internal(set) var showsCommit = false
    /// How far the commit shown is scrolled, for the commit it was scrolled on: another
    /// selected commit starts at its top.
    var commitScroll: (hash: String, offset: Int)?
    /// The first line of the commit shown under the list (0 for a commit not scrolled).
    package var commitOffset: Int {
        guard let commitScroll, commitScroll.hash == cursorCommitHash else { return 0 }
        return commitScroll.offset
    }
    /// `w` found ``writeProblems()`` and said so: a `w` right after writes anyway (any other
    /// action first disarms it).
    package internal(set) var isWriteArmed = false
    /// The question ``isConfirmingDiscard`` asks: "discard changes? (y/n)", or, when nothing
    /// changed (`q` of `--keys girt`), "exit 1, writing nothing? (y/n)".
    package var discardQuestion: String {
        isModified ? "discard changes? (y/n)" : "exit 1, writing nothing? (y/n)"
    }

    /// Whether "discard changes? (y/n)" is being asked.
    package internal(set) var isConfirmingDiscard = false
    /// A drag in progress: the lines carried and the state before the pick-up.
    package var drag: ListEditing<EditorState, Int>.Drag? { editing.drag }
    /// The `exec` prompt, while open.
    package internal(set) var prompt: PromptState?
    /// `m` waiting for its target, while it does.
    package internal(set) var moveTarget: MoveTargetState?
    /// The bytes of the file on disk: the file is modified when ``outputBytes()`` may differ
    /// from them (`!` may have brought back other bytes than the file's).
    package let onDisk: [UInt8]
    /// What the list shows now (filter applied).
    package internal(set) var displayed: Snapshot<Int, Int>
    /// Rows per page for PgUp/PgDn (the driver sets it from the list's height).
    package var pageSize = 10

    /// The models before each `!`: `u` past the first step after one goes back to it.
    var beforeEditor: [EditorModel] = []
    /// Rebase mode: the hidden lines that precede each shown line in the original file.
    let leadingHidden: [Int: [Int]]
    /// Rebase mode: the hidden lines after the last shown line.
    let trailingHidden: [Int]
    /// Rebase mode: what starts a comment.
    let commentString: String
    /// The identifier the next added line gets (from the document's `count` on, never reused).
    var nextNewID: Int

    /// The one section of the list.
    package static let section = 0

    /// A model showing `document` in `mode`.
    ///
    /// - Parameters:
    ///   - document: The lines to show.
    ///   - mode: Lines or rebase todo.
    ///   - onDisk: The file's bytes when `document` is not what the file holds (it came back
    ///     from `$EDITOR`); nil: the document's own bytes.
    /// - Complexity: O(size of the document).
    package init(document: LineDocument, mode: EditorMode, onDisk: [UInt8]? = nil) {
        self.document = document
        self.mode = mode
        self.onDisk = onDisk ?? document.storage
        nextNewID = document.count
        let texts = (0 ..< document.count).map { document.text(of: $0) }
        var shown: [Int] = []
        var leading: [Int: [Int]] = [:]
        var pending: [Int] = []
        let comment = mode == .rebase ? RebaseTodo.commentString(in: texts) : "#"
        commentString = comment
        if mode == .rebase {
            todo = texts.map { RebaseTodoLine(parsing: $0, commentString: comment) }
            for (id, line) in todo.enumerated() {
                if line.isHidden { pending.append(id); continue }
                if !pending.isEmpty { leading[id] = pending; pending = [] }
                shown.append(id)
            }
        } else {
            todo = []
            shown = Array(0 ..< document.count)
        }
        leadingHidden = leading
        trailingHidden = pending
        initialState = EditorState(order: shown)
        editing = ListEditing(initialState, undoLimit: .max)
        displayed = Snapshot(sections: [(Self.section, shown)])
        cursor = shown.first
    }

    /// Whether the file would change if written now (undoing back to the start counts as no change).
    package var isModified: Bool { state != initialState || document.storage != onDisk }
    /// Whether `u` has a step to take back.
    package var canUndo: Bool { editing.canUndo }
    /// Whether `U` has a step to take again.
    package var canRedo: Bool { editing.canRedo }
    /// Whether lines are being carried with Space.
    package var isDragging: Bool { editing.isDragging }

    /// The hash of the commit under the cursor (rebase todos), or nil.
    package var cursorCommitHash: String? {
        guard mode == .rebase, let cursor, case .commit(let commit) = todoLine(cursor) else { return nil }
        return commit.hash
    }

    /// The action a commit line has now, or nil for any other line.
    package func action(of id: Int) -> RebaseAction? {
        guard mode == .rebase, case .commit(let commit) = todoLine(id) else { return nil }
        return state.actions[id] ?? commit.action
    }

    /// Whether `id` is a line added in the editor (not in the file as read).
    package func isAdded(_ id: Int) -> Bool { id >= document.count }

    /// A rebase todo line as it is now: as read, or parsed from its new text (an added or
    /// edited `exec`).
    ///
    /// - Precondition: ``mode`` is ``EditorMode/rebase``.
    package func todoLine(_ id: Int) -> RebaseTodoLine {
        if let text = state.texts[id] { return RebaseTodoLine(parsing: text, commentString: commentString) }
        return todo[id]
    }

    /// The text a line has now: as read or as edited, a rebase commit's command word then
    /// following its action.
    package func text(of id: Int) -> String {
        let base = state.texts[id] ?? document.text(of: id)
        guard let action = state.actions[id], mode == .rebase, case .commit(let commit) = todoLine(id) else { return base }
        return commit.text(with: action, original: base)
    }

    /// Every line of the file in the order it would be written, hidden ones included.
    ///
    /// - Complexity: O(*n*).
    package func fullOrder() -> [Int] {
        guard mode == .rebase else { return state.order }
        // A deleted line's leading comments go with the next line that remains (in the
        // original order), or to the end.
        let kept = Set(state.order)
        var carried: [Int] = []
        var groups: [Int: [Int]] = [:]
        for id in initialState.order {
            carried += leadingHidden[id] ?? []
            if kept.contains(id) {
                groups[id] = carried
                carried = []
            }
        }
        var result: [Int] = []
        result.reserveCapacity(document.count)
        for id in state.order {
            result += groups[id] ?? []
            result.append(id)
        }
        return result + carried + trailingHidden
    }

    /// The bytes `w` writes: the lines in ``fullOrder()``, rebase commits with their actions.
    ///
    /// - Complexity: O(size of the document).
    package func outputBytes() -> [UInt8] {
        var replacements: [Int: [UInt8]] = [:]
        let kept = Set(state.order)
        for id in Set(state.actions.keys).union(state.texts.keys) where kept.contains(id) {
            replacements[id] = Array(text(of: id).utf8)
        }
        return document.bytes(order: fullOrder(), replacing: replacements)
    }

    /// The lines an action acts on: the marked ones in list order, or the cursor's line.
    var targets: [Int] { editing.targets(in: state.order, cursor: cursor) }
}
