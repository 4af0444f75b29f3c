import TUIList

// Rebase todo structure (commits and the `update-ref` lines they carry), long moves, `exec`
// and `break` lines, the prompt, and what comes back from `$EDITOR`.
extension EditorModel {
    // MARK: - Blocks: a commit and the branches it carries

    /// Whether line `id` makes a commit (a commit line or a `merge`).
    func makesCommit(_ id: Int) -> Bool { mode == .rebase && todoLine(id).makesCommit }

    /// Whether line `id` is an `update-ref` line.
    func isUpdateRef(_ id: Int) -> Bool { mode == .rebase && todoLine(id).command == .updateRef }

    /// The lines that move when `items` move, as blocks in list order: in a rebase todo each
    /// commit (or `merge`) takes the `update-ref` lines right below it — the branches that end
    /// at it — so they keep carrying it. Any other line is a block of its own, an `update-ref`
    /// line chosen without its commit included (moving it alone re-points its branch).
    ///
    /// - Parameter items: Lines in list order.
    /// - Complexity: O(*n*) for the positions, plus the blocks' lengths.
    func blocks(_ items: [Int]) -> [[Int]] {
        guard mode == .rebase, !items.isEmpty else { return items.map { [$0] } }
        let order = state.order
        var position: [Int: Int] = [:]
        if items.count == 1 {
            if let index = order.firstIndex(of: items[0]) { position[items[0]] = index }
        } else {
            for (index, id) in order.enumerated() { position[id] = index }
        }
        var result: [[Int]] = []
        var taken = Set<Int>()
        for id in items where !taken.contains(id) {
            guard let index = position[id] else { continue }
            var block = [id]
            taken.insert(id)
            if makesCommit(id) {
                var next = index + 1
                while next < order.count, isUpdateRef(order[next]) {
                    block.append(order[next])
                    taken.insert(order[next])
                    next += 1
                }
            }
            result.append(block)
        }
        return result
    }

    /// The last index of the block that starts or continues at `index` of `order`: past the
    /// `update-ref` lines that follow.
    func blockEnd(_ index: Int, in order: [Int]) -> Int {
        var end = index
        if makesCommit(order[index]) || isUpdateRef(order[index]) {
            while end + 1 < order.count, isUpdateRef(order[end + 1]) { end += 1 }
        }
        return end
    }

    /// The first index of the block `index` of `order` belongs to: back over `update-ref`
    /// lines to the commit they carry, if one is there.
    func blockStart(_ index: Int, in order: [Int]) -> Int {
        guard isUpdateRef(order[index]) else { return index }
        var start = index
        while start > 0, isUpdateRef(order[start - 1]) { start -= 1 }
        return start > 0 && makesCommit(order[start - 1]) ? start - 1 : index
    }

    /// `block` (contiguous in `order`) moved past the next shown block in `direction`, with
    /// the snapshot edits that replay it; nil when nothing is shown that way or the neighbour
    /// is in `stoppingAt` (the other marked lines: a group never closes up).
    ///
    /// - Complexity: O(*n*).
    func step(_ block: [Int], _ direction: Int, in order: [Int], stoppingAt: Set<Int>) -> (order: [Int], edits: [SnapshotEdit])? {
        guard let first = order.firstIndex(of: block[0]) else { return nil }
        var reduced = order
        reduced.removeSubrange(first ..< first + block.count)
        if direction > 0 {
            var j = first
            while j < reduced.count, !matchesFilter(reduced[j]) { j += 1 }
            guard j < reduced.count, !stoppingAt.contains(reduced[j]) else { return nil }
            let end = blockEnd(j, in: reduced)
            let anchor = reduced[end]
            reduced.insert(contentsOf: block, at: end + 1)
            let edits = zip(block, [anchor] + block.dropLast()).map { SnapshotEdit.move($0, anchor: $1, after: true) }
            return (reduced, edits)
        }
        var j = first - 1
        while j >= 0, !matchesFilter(reduced[j]) { j -= 1 }
        guard j >= 0, !stoppingAt.contains(reduced[j]) else { return nil }
        let start = blockStart(j, in: reduced)
        let anchor = reduced[start]
        reduced.insert(contentsOf: block, at: start)
        return (reduced, block.map { SnapshotEdit.move($0, anchor: anchor, after: false) })
    }

    /// Warnings for commits that a move left where a `reset` follows them before any
    /// `label`, `merge` or `update-ref` (`--rebase-merges`): git would build them and then
    /// leave them, on no branch.
    func branchWarnings(_ heads: [Int]) -> [EditorEffect] {
        guard mode == .rebase, state.order.contains(where: { todoLine($0).command == .reset }) else { return [] }
        var lost: [String] = []
        for head in heads {
            guard case .commit(let commit) = todoLine(head), action(of: head) != .drop,
                let index = state.order.firstIndex(of: head)
            else { continue }
            for id in state.order[(index + 1)...] {
                let command = todoLine(id).command
                if command == .label || command == .merge || command == .updateRef { break }
                if command == .reset {
                    lost.append(commit.hash)
                    break
                }
            }
        }
        guard !lost.isEmpty else { return [] }
        return [.message("\(lost.joined(separator: ", ")): a reset follows before any label — git would leave it on no branch")]
    }

    // MARK: - Long moves

    /// Moves the selected (or marked) lines, with the branches they carry, to the top or the
    /// bottom of the list, in their order.
    mutating func moveToEnd(top: Bool) -> [EditorEffect] {
        let groups = blocks(targets)
        guard !groups.isEmpty else { return [.message("nothing to move")] }
        let items = Array(groups.joined())
        let moving = Set(items)
        let rest = state.order.filter { !moving.contains($0) }
        var next = state
        next.order = top ? items + rest : rest + items
        guard next != state else { return [.message(top ? "already at the top" : "already at the bottom")] }
        commit(next)
        cursor = targets.first ?? cursor
        return refresh(animated: true) + branchWarnings(groups.map { $0[0] })
            + [.message("moved \(items.count == 1 ? "1 line" : "\(items.count) lines") to the \(top ? "top" : "bottom")")]
    }

    /// `m`'s target, by number: the digits typed so far name a position, the line that is
    /// N-th in the list now (not its number in the gutter, where it was in the file).
    /// - Complexity: O(1).
    mutating func typeTargetDigit(_ digit: Character) -> [EditorEffect] {
        guard digit.isASCII, digit.isNumber, moveTarget != nil else { return [] }
        moveTarget!.typed.append(digit)
        guard let number = Int(moveTarget!.typed), state.order.indices.contains(number - 1),
            displayed.contains(item: state.order[number - 1])
        else {
            return [.message("move to position \(moveTarget!.typed): no such line shown")]
        }
        cursor = state.order[number - 1]
        return [.message("move to position \(number): Enter moves")]
    }

    /// Moves `m`'s lines to the cursor's line: below it when it is below them, above it when
    /// it is above (they take its place, as a drag would); a commit's branches come along, and
    /// a target commit keeps its own.
    mutating func moveToTarget() -> [EditorEffect] {
        guard let items = moveTarget?.items else { return [] }
        moveTarget = nil
        guard let target = cursor else { return [.message("no target: nothing moved")] }
        let moving = Set(items)
        guard !moving.contains(target) else { return [.message("the target is a line being moved: nothing moved")] }
        let order = state.order
        guard let from = order.firstIndex(of: items[0]), let to = order.firstIndex(of: target) else { return [] }
        var reduced = order.filter { !moving.contains($0) }
        let index = reduced.firstIndex(of: target)!
        reduced.insert(contentsOf: items, at: to > from ? blockEnd(index, in: reduced) + 1 : blockStart(index, in: reduced))
        var next = state
        next.order = reduced
        guard next != state else { return [.message("already there")] }
        commit(next)
        editing.marked = []
        cursor = items[0]
        return refresh(animated: true) + branchWarnings(blocks(items).map { $0[0] })
            + [.message("moved \(items.count == 1 ? "1 line" : "\(items.count) lines")")]
    }

    // MARK: - exec and break

    /// Whether the todo writes its commands as one letter (`p`, `x`): added lines follow.
    var usesAbbreviations: Bool {
        for line in todo { if case .commit(let commit) = line { return commit.isAbbreviated } }
        return false
    }

    /// Where a line added "below the selection" goes: after the cursor's line and the
    /// branches it carries (nil: at the top, when nothing is selected).
    func insertionPoint() -> Int? {
        guard let cursor, let index = state.order.firstIndex(of: cursor) else { return nil }
        return state.order[blockEnd(index, in: state.order)]
    }

    /// `x` opens the prompt for a new `exec` line; `b` adds a `break` line.
    mutating func addCommand(exec: Bool) -> [EditorEffect] {
        guard mode == .rebase else { return [] }
        let after = insertionPoint()
        if exec {
            prompt = PromptState(purpose: .newExec(after: after), text: "")
            return [.message("exec: type the command — Enter adds it, Esc cancels")]
        }
        return insertLine(usesAbbreviations ? "b" : "break", after: after) + [.message("added a break: git stops there")]
    }

    /// Adds a new line with `text` after line `after` (nil: at the top), as one undo step.
    mutating func insertLine(_ text: String, after: Int?) -> [EditorEffect] {
        let id = nextNewID
        nextNewID += 1
        var next = state
        next.texts[id] = text
        let index = after.flatMap { next.order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        next.order.insert(id, at: index)
        commit(next)
        cursor = id
        return refresh(animated: true)
    }

    /// Opens the prompt on the arguments of the cursor's `exec`, `label`, `reset`, `merge` or
    /// `update-ref` line.
    mutating func beginEditExec() -> [EditorEffect] {
        guard mode == .rebase, let cursor, case .command(_, let argument) = todoLine(cursor),
            let command = todoLine(cursor).command, command != .break, command != .noop
        else { return [.message("nothing to edit here: X edits an exec, label, reset, merge or update-ref line")] }
        prompt = PromptState(purpose: .editArguments(cursor), text: argument, prefix: " \(command.rawValue) ▸ ")
        if command == .exec { return [.message("exec: edit the command — Enter keeps it, Esc leaves it")] }
        return [.message("\(command.rawValue): edit it — Enter keeps it, Esc leaves it (Tab completes)")]
    }

    /// A run of the prompt's editing keys, a paste, Enter or Esc.
    mutating func promptStep(_ action: EditorAction) -> [EditorEffect] {
        guard var current = prompt else { return [] }
        switch action {
        case .promptEdit(let text, let cursor):
            current.field.text = text
            current.field.moveCursor(to: cursor)
        case .promptPaste(let text):
            // The command's own rule first (line breaks become "; "), then in at the cursor.
            current.field.insert(Self.oneLine(text))
        case .promptCancel:
            prompt = nil
            return [.message("cancelled")]
        case .promptCommit:
            return commitPrompt(current)
        default:
            return []
        }
        prompt = current
        return []
    }

    /// What the leading events of a batch do: a run of the open prompt's editing keys as one
    /// action (``textEdit(_:)``), else the first event alone through the keymap of the mode
    /// (nil: it does nothing here, as a paste outside a prompt). The app and the tests feed a
    /// batch through this one function.
    /// A paste while the help covers an open prompt closes the help and takes none: the next
    /// step gives it to the prompt.
    /// - Parameter events: The batch, or what is left of it; not empty.
    /// - Returns: The action, if any, and how many events it takes (one or more, but none for
    ///   that paste).
    /// - Parameter keys: Whose keys the normal modes take.
    package func step(
        _ events: ArraySlice<InputEvent>, keys: EditorKeymap.Keys = .tuilist
    ) -> (
        action: EditorAction?, consumed: Int
    ) {
        if showHelp, case .paste? = events.first, [.filter, .prompt].contains(EditorKeymap.helpMode(of: self)) {
            return (.toggleHelp, 0)
        }
        if let edit = textEdit(events) { return (edit.action, edit.consumed) }
        guard case .key(let key)? = events.first else { return (nil, 1) }
        return (EditorKeymap.action(for: key, in: self, keys: keys), 1)
    }

    /// The leading events of `events` that edit the text prompt in force — the filter's
    /// (``EditorKeymap/Mode/filter``) or the `exec` prompt's (``EditorKeymap/Mode/prompt``) —
    /// as one action, and how many they are; nil when the first event is not an editing key
    /// there (Enter, Esc, F1, a key of another mode …): the keymap of the mode takes it.
    ///
    /// The `exec` prompt takes a paste as its own action (``EditorAction/promptPaste(_:)``:
    /// its line breaks become "; "), the filter as part of the run (as one line).
    ///
    /// - Complexity: O(*k*·*n*) for *k* events on a text of *n* characters.
    package func textEdit(_ events: ArraySlice<InputEvent>) -> (action: EditorAction, consumed: Int)? {
        switch EditorKeymap.mode(of: self) {
        case .filter:
            var field = filterPrompt
            let edit = field.handle(events)
            guard edit.consumed > 0 else { return nil }
            return (.filterEdit(text: field.text, cursor: field.cursor), edit.consumed)
        case .prompt:
            guard var field = prompt?.field, let first = events.first else { return nil }
            if case .paste(let text) = first { return (.promptPaste(text), 1) }
            let run = events.prefix { if case .paste = $0 { false } else { true } }
            let edit = field.handle(run)
            guard edit.consumed > 0 else { return nil }
            return (.promptEdit(text: field.text, cursor: field.cursor), edit.consumed)
        default:
            return nil
        }
    }

    /// A paste as one line of a command: line breaks at the end dropped, those inside become
    /// "; " (the shell runs the lines one after the other), other control characters spaces.
    static func oneLine(_ text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "; ").map {
            $0 != "\t" && ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) ? " " : $0
        }
        .reduce(into: "") { $0.append($1) }
    }

    /// Enter in the prompt: adds the `exec` line, or gives the `exec` line its new command.
    mutating func commitPrompt(_ current: PromptState) -> [EditorEffect] {
        let command = current.string.trimmingWhitespace()
        switch current.purpose {
        case .newExec(let after):
            prompt = nil
            guard !command.isEmpty else { return [.message("no command: no exec added")] }
            return insertLine((usesAbbreviations ? "x " : "exec ") + command, after: after)
                + [.message("added an exec: git runs it there, and stops if it fails")]
        case .newLine(let after):
            guard !command.isEmpty else {
                prompt = nil
                return [.message("nothing typed: no line added")]
            }
            let line = RebaseTodoLine(parsing: command, commentString: commentString)
            guard !line.isHidden else {
                return [.message("not a todo line: pick <hash>, label, reset, merge, update-ref, exec or break first")]
            }
            // What `w` would refuse (the same words), said now: the prompt stays open.
            if let problem = line.problem {
                guard case .command(let word, _) = line, line.command == nil, RebaseAction(word: Substring(word)) == nil
                else { return [.message(problem)] }
                return [.message("\(problem) — pick <hash>, label, reset, merge, update-ref, exec or break")]
            }
            prompt = nil
            var effects = insertLine(command, after: after)
            if case .commit(let commit) = line, !knownHashes.contains(commit.hash) {
                effects.append(.message("added: \(command) — not in this todo, git looks the commit up"))
            } else {
                effects.append(.message("added: \(command)"))
            }
            return effects
        case .editArguments(let id):
            guard !command.isEmpty else {
                let word = todoLine(id).command?.rawValue ?? "line"
                return [
                    .message(
                        word == "exec"
                            ? "an exec needs a command (Esc leaves it as it was)"
                            : "a \(word) line needs its arguments (Esc leaves it as it was)")
                ]
            }
            prompt = nil
            // The one-line field shows a tab as a space: a command left as it was keeps its tabs.
            if case .command(_, let argument) = todoLine(id), TextPrompt(text: String(argument)).text == current.string {
                return [.message("unchanged")]
            }
            let old = text(of: id)
            let leading = old.prefix { $0 == " " || $0 == "\t" }
            let word = old.dropFirst(leading.count).prefix { $0 != " " && $0 != "\t" }
            let new = leading + word + " " + command
            var next = state
            next.texts[id] = isAdded(id) || new != document.text(of: id) ? String(new) : nil
            guard next != state else { return [.message("unchanged")] }
            commit(next)
            return refresh(animated: false, reconfigure: [id])
        }
    }

    // MARK: - Back from $EDITOR

    /// Shows `bytes` — what was saved in `$VISUAL`/`$EDITOR` — as the list: read as a file
    /// would be (the same mode; comments hidden again), the cursor at the same row. The file
    /// on disk stays what it was until `w`; `u` past the first change after it goes back to
    /// the list as it was before `!`.
    ///
    /// - Parameter bytes: The file the editor saved.
    /// - Returns: The effects that show it, or a message when the bytes cannot be edited
    ///   (binary, not UTF-8): then the list stays as it was.
    /// - Complexity: O(size of the bytes).
    package mutating func replaceContent(with bytes: [UInt8]) -> [EditorEffect] {
        guard bytes != outputBytes() else { return [.message("no change in the editor")] }
        let document: LineDocument
        do { document = try LineDocument(bytes: bytes) } catch {
            return [.message("not taken from the editor: \(error.description) — the list is as it was")]
        }
        var next = EditorModel(document: document, mode: mode, onDisk: onDisk)
        next.pageSize = pageSize
        next.showsCommit = showsCommit
        next.beforeEditor = beforeEditor + [self]
        let index = cursor.flatMap { displayed.indexOfItem($0) } ?? 0
        if !next.displayed.isEmpty { next.cursor = next.displayed[globalIndex: min(index, next.displayed.numberOfItems - 1)] }
        self = next
        var snapshot = displayed
        snapshot.reconfigureItems(snapshot.itemIdentifiers)
        return [.apply(snapshot, animated: false), .message("read back from the editor (u goes back)")]
    }

    /// `u` with nothing left to undo since `!`: the list as it was before it.
    mutating func undoEditor() -> [EditorEffect] {
        guard var before = beforeEditor.last else { return [.message(ListEditing<EditorState, Int>.nothingToUndo)] }
        before.pageSize = pageSize
        before.showsCommit = showsCommit
        self = before
        var snapshot = displayed
        snapshot.reconfigureItems(snapshot.itemIdentifiers)
        return [.apply(snapshot, animated: false), .message("back to the list before the editor")]
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    func trimmingWhitespace() -> String {
        let start = drop { $0 == " " || $0 == "\t" }
        return String(start.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
