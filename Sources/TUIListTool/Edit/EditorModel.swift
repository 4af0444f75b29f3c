import TUIList

/// What the person asked for, after key bindings: the editor's messages (bubbletea's `Msg`).
public enum EditorAction: Hashable, Sendable {
    /// Where the cursor goes.
    public enum CursorMove: Hashable, Sendable { case up, down, pageUp, pageDown, top, bottom }
    /// Moves the cursor.
    case cursor(CursorMove)
    /// Puts the cursor on a line (a mouse click).
    case select(Int)
    /// Moves the selected (or marked) lines one shown line down or up.
    case moveDown, moveUp
    /// Space: picks the lines up; then carries them, drops them (one undo step) or puts them back.
    case pickUp, dragDown, dragUp, drop, cancelDrag
    /// `v` marks or unmarks the cursor's line; Esc clears the filter, else the marks.
    case toggleMark, clearMarks
    /// Deletes the selected (or marked) lines (undoable).
    case delete
    /// Rebase todos: gives the selected (or marked) commits an action.
    case setAction(RebaseAction)
    /// Takes a change back, or again.
    case undo, redo
    /// The filter prompt: open, type, erase, keep (Enter), clear (Esc).
    case beginFilter
    case filterType(Character)
    case filterBackspace, filterCommit, filterCancel
    /// Shows or hides the key table.
    case toggleHelp
    /// Rebase todos: shows the selected commit (`git show --stat`) under the list, or hides it.
    case toggleCommit
    /// Writes the file and exits 0.
    case write
    /// Exits 0 when nothing changed; else asks "discard changes? (y/n)".
    case quit
    /// The answer to that question: `true` exits 1 without writing.
    case confirmDiscard(Bool)
    /// Exits at once without writing (Ctrl-C read as a key): status 130, as the signal would.
    case abort
}

/// What the model asks its driver to do after an update (bubbletea's `Cmd`).
public enum EditorEffect: Equatable, Sendable {
    /// Show this snapshot (the one `ListView.apply` path); reconfigured items changed content.
    case apply(Snapshot<Int, Int>, animated: Bool)
    /// A short message for the status line.
    case message(String)
    /// Write ``EditorModel/outputBytes()`` to the file; on success exit 0, else show the error.
    case write
    /// Exit with this status, writing nothing.
    case exit(Int32)
}

/// The editable part of the editor's state: what an undo step restores and what the file
/// becomes.
public struct EditorState: Equatable, Sendable {
    /// The shown lines (every line but rebase comments and blanks), in order; deleted ones absent.
    public var order: [Int]
    /// Rebase todos: the commits whose action was changed, with their new action.
    public var actions: [Int: RebaseAction] = [:]
}

/// How the editor reads the file.
public enum EditorMode: Hashable, Sendable {
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
public struct EditorModel: Sendable {
    /// The file as read.
    public let document: LineDocument
    /// Lines or rebase todo.
    public let mode: EditorMode
    /// Rebase todos: each line parsed (empty in ``EditorMode/lines``).
    public let todo: [RebaseTodoLine]
    /// The state when the file was read; the file is modified when ``state`` differs.
    public let initialState: EditorState
    /// The current order, deletions and actions.
    public internal(set) var state: EditorState
    /// The line the cursor is on.
    public internal(set) var cursor: Int?
    /// Lines marked with `v`.
    public internal(set) var marked: Set<Int> = []
    /// The text filter: lines not containing it (ignoring case) are hidden.
    public internal(set) var filter = ""
    /// Whether typed characters go to the filter.
    public internal(set) var isEditingFilter = false
    /// Whether the help overlay is shown.
    public internal(set) var showHelp = false
    /// Rebase todos: whether the selected commit is shown under the list.
    public internal(set) var showsCommit = false
    /// Whether "discard changes? (y/n)" is being asked.
    public internal(set) var isConfirmingDiscard = false
    /// A drag in progress: the lines carried and the state before the pick-up.
    public internal(set) var drag: DragState?
    /// What the list shows now (filter applied).
    public internal(set) var displayed: Snapshot<Int, Int>
    /// Rows per page for PgUp/PgDn (the driver sets it from the list's height).
    public var pageSize = 10

    var undoStack: [EditorState] = []
    var redoStack: [EditorState] = []
    /// Rebase mode: the hidden lines that precede each shown line in the original file.
    let leadingHidden: [Int: [Int]]
    /// Rebase mode: the hidden lines after the last shown line.
    let trailingHidden: [Int]
    /// Lower-cased display text per line, for the filter.
    let searchText: [String]

    /// A drag in progress.
    public struct DragState: Equatable, Sendable {
        /// The lines carried, in list order (one block).
        public var items: [Int]
        /// The state before the pick-up: Esc goes back to it, a drop makes it the undo step.
        public var before: EditorState
    }

    /// The one section of the list.
    public static let section = 0

    /// A model showing `document` in `mode`.
    ///
    /// - Complexity: O(size of the document).
    public init(document: LineDocument, mode: EditorMode) {
        self.document = document
        self.mode = mode
        let texts = (0 ..< document.count).map { document.text(of: $0) }
        searchText = texts.map { $0.lowercased() }
        var shown: [Int] = []
        var leading: [Int: [Int]] = [:]
        var pending: [Int] = []
        if mode == .rebase {
            let comment = RebaseTodo.commentString(in: texts)
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
        state = initialState
        displayed = Snapshot(sections: [(Self.section, shown)])
        cursor = shown.first
    }

    /// Whether the file would change if written now (undoing back to the start counts as no change).
    public var isModified: Bool { state != initialState }
    /// Whether `u` has a step to take back.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether `U` has a step to take again.
    public var canRedo: Bool { !redoStack.isEmpty }
    /// Whether lines are being carried with Space.
    public var isDragging: Bool { drag != nil }

    /// The hash of the commit under the cursor (rebase todos), or nil.
    public var cursorCommitHash: String? {
        guard mode == .rebase, let cursor, case .commit(let commit) = todo[cursor] else { return nil }
        return commit.hash
    }

    /// The action a commit line has now, or nil for any other line.
    public func action(of id: Int) -> RebaseAction? {
        guard mode == .rebase, case .commit(let commit) = todo[id] else { return nil }
        return state.actions[id] ?? commit.action
    }

    /// The text a line has now (a rebase commit's command word follows its action).
    public func text(of id: Int) -> String {
        let original = document.text(of: id)
        guard let action = state.actions[id], case .commit(let commit) = todo[id] else { return original }
        return commit.text(with: action, original: original)
    }

    /// Every line of the file in the order it would be written, hidden ones included.
    ///
    /// - Complexity: O(*n*).
    public func fullOrder() -> [Int] {
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
    public func outputBytes() -> [UInt8] {
        var replacements: [Int: [UInt8]] = [:]
        let kept = Set(state.order)
        for id in state.actions.keys where kept.contains(id) {
            replacements[id] = Array(text(of: id).utf8)
        }
        return document.bytes(order: fullOrder(), replacing: replacements)
    }

    /// The lines an action acts on: the marked ones in list order, or the cursor's line.
    var targets: [Int] {
        if !marked.isEmpty { return state.order.filter { marked.contains($0) } }
        return cursor.map { [$0] } ?? []
    }
}
