import TUIList

extension EditorModel {
    /// Applies one action and says what the driver must do.
    ///
    /// The question "discard changes? (y/n)" takes only its answer (and Ctrl-C, and the help); a drag takes
    /// only drag actions; the filter prompt takes typing. Every change of the list comes back
    /// as one `.apply` effect — the one path from model to screen — and every change of the
    /// file's future content (move, drag, delete, action) is one undo step.
    package mutating func update(_ action: EditorAction) -> [EditorEffect] {
        if case .abort = action { return [.exit(1)] }
        let writeArmed = isWriteArmed
        isWriteArmed = false
        if isConfirmingDiscard {
            switch action {
            case .confirmDiscard(true): return [.exit(1)]
            case .confirmDiscard(false):
                isConfirmingDiscard = false
                return [.message("kept editing: w writes, q asks again")]
            case .toggleHelp: showHelp.toggle(); return []
            default: return []
            }
        }
        if prompt != nil {
            switch action {
            case .promptEdit, .promptPaste, .promptCommit, .promptCancel:
                return promptStep(action)
            case .promptComplete: return completePrompt()
            case .toggleHelp: showHelp.toggle(); return []
            default: return []
            }
        }
        if moveTarget != nil {
            switch action {
            case .cursor(let move): moveTarget!.typed = ""; moveCursor(move); return []
            case .select(let id):
                if displayed.contains(item: id) { cursor = id }
                return []
            case .moveToDigit(let digit): return typeTargetDigit(digit)
            case .moveToCommit: return moveToTarget()
            case .moveToCancel, .quit:
                moveTarget = nil
                return [.message("move cancelled")]
            case .toggleHelp: showHelp.toggle(); return []
            default: return [.message("moving: ↑↓ or a line number picks the target, Enter moves, Esc cancels")]
            }
        }
        if drag != nil {
            switch action {
            case .dragDown, .moveDown, .cursor(.down): return dragStep(+1)
            case .dragUp, .moveUp, .cursor(.up): return dragStep(-1)
            case .drop: return dropDrag()
            case .cancelDrag, .quit: return cancelDrag()
            case .toggleHelp: showHelp.toggle(); return []
            default: return [.message("dragging: ↑/↓ carry, Enter drops, Esc cancels")]
            }
        }
        if isEditingFilter {
            switch action {
            case .filterEdit(let text, let cursor):
                let changed = text != filter
                if changed { filter = text }
                filterPrompt.moveCursor(to: cursor)
                return changed ? refresh(animated: true) : []
            case .filterCommit: isEditingFilter = false; return []
            case .filterCancel: isEditingFilter = false; filter = ""; return refresh(animated: true)
            default: break
            }
        }
        switch action {
        case .cursor(let move): moveCursor(move); return []
        case .select(let id):
            if displayed.contains(item: id) { cursor = id }
            return []
        case .moveDown: return move(+1)
        case .moveUp: return move(-1)
        case .moveToTop: return moveToEnd(top: true)
        case .moveToBottom: return moveToEnd(top: false)
        case .beginMoveTo:
            let items = blocks(targets).flatMap { $0 }
            guard !items.isEmpty else { return [.message("nothing to move")] }
            moveTarget = MoveTargetState(items: items)
            return [.message("move to: ↑↓ or a line number, then Enter (Esc cancels)")]
        case .moveToDigit, .moveToCommit, .moveToCancel: return []
        case .addExec: return addCommand(exec: true)
        case .addBreak: return addCommand(exec: false)
        case .editExec: return beginEditExec()
        case .insertLine:
            guard mode == .rebase else { return [] }
            prompt = PromptState(purpose: .newLine(after: insertionPoint()), text: "", prefix: " insert ▸ ")
            return [.message("a todo line: pick <hash>, label, reset, merge, update-ref, exec, break (Tab completes)")]
        case .promptEdit, .promptPaste, .promptCommit, .promptCancel, .promptComplete:
            return []
        case .openInEditor:
            guard drag == nil else { return [] }
            return [.openInEditor]
        case .pickUp: return pickUp()
        case .dragDown, .dragUp, .drop, .cancelDrag: return []
        case .toggleMark:
            guard let id = cursor else { return [] }
            editing.toggleMark(id)
            moveCursor(.down)
            return []
        case .clearMarks:
            if !filter.isEmpty { filter = ""; return refresh(animated: true) }
            editing.marked = []
            return []
        case .delete: return deleteTargets()
        case .setAction(let newAction): return setAction(newAction)
        case .cycleFixupFlag: return cycleFixupFlag()
        case .undo: return undo()
        case .redo: return redo()
        case .beginFilter:
            isEditingFilter = true
            filterPrompt.moveCursor(to: filterPrompt.characters.count)
            return []
        case .filterEdit, .filterCommit: return []
        case .filterCancel:
            guard !filter.isEmpty else { return [] }
            filter = ""
            return refresh(animated: true)
        case .toggleHelp: showHelp.toggle(); return []
        case .toggleCommit:
            guard mode == .rebase else { return [] }
            showsCommit.toggle()
            return []
        case .scrollCommit(let down):
            guard mode == .rebase, showsCommit, let hash = cursorCommitHash else {
                return [.message(showsCommit ? "not a commit" : "c shows the commit first")]
            }
            commitScroll = (hash, max(0, commitOffset + (down ? 1 : -1) * max(1, pageSize)))
            return []
        case .write:
            guard isModified else { return [.exit(0)] }
            let names = writeRefusal() == nil ? commitNames() : []
            guard names.isEmpty else {
                isWriteArmed = writeArmed  // kept for the answer (.commitsVerified)
                return [.verifyCommits(names)]
            }
            return finishWrite(unresolved: [:], armed: writeArmed)
        case .commitsVerified(let unresolved): return finishWrite(unresolved: unresolved, armed: writeArmed)
        case .quit, .quitAsking:
            guard isModified || action == .quitAsking else { return [.exit(0)] }
            isConfirmingDiscard = true
            return []
        case .confirmDiscard, .abort: return []
        }
    }

    /// Keeps the commit's scroll at most `maximum` (the driver knows how many lines it has).
    package mutating func clampCommitScroll(to maximum: Int) {
        guard let scroll = commitScroll, scroll.offset > maximum else { return }
        commitScroll = (scroll.hash, max(0, maximum))
    }

    // MARK: - Cursor

    mutating func moveCursor(_ move: EditorAction.CursorMove) {
        let count = displayed.numberOfItems
        guard count > 0 else { cursor = nil; return }
        let index = cursor.flatMap { displayed.indexOfItem($0) } ?? 0
        let target: Int
        switch move {
        case .up: target = index - 1
        case .down: target = index + 1
        case .pageUp: target = index - max(1, pageSize)
        case .pageDown: target = index + max(1, pageSize)
        case .top: target = 0
        case .bottom: target = count - 1
        }
        cursor = displayed[globalIndex: min(max(0, target), count - 1)]
    }

    // MARK: - Displayed snapshot

    /// Whether a line passes the filter (its text as shown, its action included): O(1) for a
    /// line as read (``lineFilter``), a match of its text for one changed or added.
    func matchesFilter(_ id: Int) -> Bool {
        guard lineFilter.isActive else { return true }
        if id < document.count, state.actions[id] == nil, state.texts[id] == nil, let passes = lineFilter.passes(id) {
            return passes
        }
        return lineFilter.query.matches(text(of: id)) != nil
    }

    /// The document's lines as read, folded into a filter index: O(bytes of the file).
    var linesAsRead: FilterIndex<Int> {
        var index = FilterIndex<Int>()
        index.reserveCapacity(items: document.count, bytes: document.storage.count)
        document.storage.withUnsafeBufferPointer { storage in
            for (id, line) in document.lines.enumerated() {
                index.append(id, utf8: UnsafeBufferPointer(rebasing: storage[line.content]))
            }
        }
        return index
    }

    /// One change of the order, replayed on the shown snapshot instead of rebuilding it.
    enum SnapshotEdit {
        /// `item` moved right after (`after`) or right before `anchor`.
        case move(Int, anchor: Int, after: Bool)
        /// These lines were deleted.
        case delete([Int])
    }

    /// Recomputes what the list shows and returns the effect that shows it; the cursor stays
    /// on its line, or goes to the line now at its old place.
    ///
    /// - Parameter edits: The changes that turned the previous order into ``state``'s, when
    ///   known: without a filter they are replayed on the shown snapshot, O(*n*) each with small
    ///   constants, instead of building a new snapshot (hashing every line: about 0.25 s for a
    ///   million lines). A snapshot that already shows the order is kept as it is.
    /// - Complexity: O(*n*).
    mutating func refresh(animated: Bool, reconfigure: [Int] = [], edits: [SnapshotEdit]? = nil) -> [EditorEffect] {
        let oldIndex = cursor.flatMap { displayed.indexOfItem($0) }
        if filter.isEmpty, let edits {
            for edit in edits {
                switch edit {
                case .move(let item, let anchor, true): displayed.moveItem(item, afterItem: anchor)
                case .move(let item, let anchor, false): displayed.moveItem(item, beforeItem: anchor)
                case .delete(let items): displayed.deleteItems(items)
                }
            }
            assert(displayed.itemIdentifiers == state.order, "the edits replayed on the snapshot give the new order")
        } else if !(filter.isEmpty && displayed.itemIdentifiers == state.order) {
            let shown = filter.isEmpty ? state.order : state.order.filter(matchesFilter)
            displayed = Snapshot<Int, Int>(sections: [(Self.section, shown)])
        }
        var snapshot = displayed
        let changed = reconfigure.filter { snapshot.contains(item: $0) }
        if !changed.isEmpty { snapshot.reconfigureItems(changed) }
        if let id = cursor, displayed.contains(item: id) {
            // still there
        } else if let oldIndex, !displayed.isEmpty {
            cursor = displayed[globalIndex: min(oldIndex, displayed.numberOfItems - 1)]
        } else {
            cursor = displayed.itemIdentifier(atGlobalIndex: 0)
        }
        return [.apply(snapshot, animated: animated)]
    }

    /// Records the state for undo, then makes `next` the state.
    mutating func commit(_ next: EditorState) {
        guard next != state else { return }
        editing.commit(next)
    }

    // MARK: - Changes

    /// The next shown line after (`+1`) or before (`-1`) position `index` of `order`.
    func neighbourIndex(of index: Int, _ direction: Int, in order: [Int]) -> Int? {
        var j = index + direction
        while order.indices.contains(j) {
            if matchesFilter(order[j]) { return j }
            j += direction
        }
        return nil
    }

    /// Moves each target past the next shown line in `direction`; marked lines move as a
    /// group (gaps between them kept) and stop together at the edge. A commit takes the
    /// `update-ref` lines below it along and passes another commit with its `update-ref` lines
    /// in one step (``blocks(_:)``); an `update-ref` line moved on its own passes one commit,
    /// so its branch ends one commit further down (or up).
    mutating func move(_ direction: Int) -> [EditorEffect] {
        let groups = blocks(targets)
        guard !groups.isEmpty else { return [.message("nothing to move")] }
        let moving = Set(groups.joined())
        var order = state.order
        var edits: [SnapshotEdit] = []
        for (index, block) in (direction > 0 ? groups.reversed() : groups).enumerated() {
            guard let step = step(block, direction, in: order, stoppingAt: moving) else {
                if index == 0 { return [.message(direction > 0 ? "already at the bottom" : "already at the top")] }
                continue
            }
            order = step.order
            edits += step.edits
        }
        guard !edits.isEmpty else { return [.message(direction > 0 ? "already at the bottom" : "already at the top")] }
        var next = state
        next.order = order
        commit(next)
        return refresh(animated: true, edits: edits) + branchWarnings(groups.map { $0[0] })
    }

    mutating func deleteTargets() -> [EditorEffect] {
        let doomed = targets
        guard !doomed.isEmpty else { return [.message("nothing to delete")] }
        let gone = Set(doomed)
        var next = state
        next.order.removeAll { gone.contains($0) }
        for id in doomed { next.texts[id] = nil }  // an added line deleted leaves no trace
        commit(next)
        editing.marked.subtract(gone)
        let effects = refresh(animated: true, edits: [.delete(doomed)])
        return effects + [.message(doomed.count == 1 ? "deleted 1 line (u undoes)" : "deleted \(doomed.count) lines (u undoes)")]
    }

    mutating func setAction(_ newAction: RebaseAction) -> [EditorEffect] {
        guard mode == .rebase else { return [] }
        let commits = targets.filter { action(of: $0) != nil }
        guard !commits.isEmpty else { return [.message("not a commit line: only commits take an action")] }
        var next = state
        for id in commits {
            guard case .commit(let commit) = todoLine(id) else { continue }
            next.actions[id] = newAction == commit.action ? nil : newAction
        }
        guard next != state else { return [.message("already \(newAction.rawValue)")] }
        commit(next)
        var effects = refresh(animated: true, reconfigure: commits)
        if let first = state.order.first(where: { action(of: $0) != nil && action(of: $0) != .drop }),
            let firstAction = action(of: first), firstAction == .squash || firstAction == .fixup
        {
            effects.append(.message("git cannot \(firstAction.rawValue) the first commit into nothing"))
        }
        return effects
    }

    /// `C`: each target commit to the next of `fixup`, `fixup -C`, `fixup -c` (a commit that
    /// is not a fixup becomes `fixup -C`), its line written in the form it was read (`f` or
    /// `fixup`) with the rest from the hash on kept. One undo step.
    mutating func cycleFixupFlag() -> [EditorEffect] {
        guard mode == .rebase else { return [] }
        let commits = targets.filter { action(of: $0) != nil }
        guard !commits.isEmpty else { return [.message("not a commit line: only commits take fixup -C/-c")] }
        var next = state
        var flag: String?
        for id in commits {
            guard case .commit(let commit) = todoLine(id) else { continue }
            let current = action(of: id) == .fixup ? (state.actions[id] == nil ? commit.flag ?? "" : "") : nil
            flag = current == nil ? "-C" : current == "" ? "-C" : current == "-C" ? "-c" : nil
            let word = commit.isAbbreviated ? "f" : "fixup"
            let text = commit.leadingWhitespace + word + (flag.map { " \($0)" } ?? "") + " " + commit.fromHash
            next.actions[id] = nil
            next.texts[id] = !isAdded(id) && text == document.text(of: id) ? nil : text
        }
        commit(next)
        let said: String
        switch flag {
        case "-C": said = "fixup -C: the commit above takes this commit's message"
        case "-c": said = "fixup -c: this commit's message, edited when git gets there"
        default: said = "fixup: the message above is kept"
        }
        return refresh(animated: true, reconfigure: commits) + [.message(said)]
    }

    mutating func undo() -> [EditorEffect] {
        guard let current = editing.undo() else { return undoEditor() }
        let changed = changedText(from: current, to: state)
        return refresh(animated: true, reconfigure: changed) + [.message(editing.undoneMessage)]
    }

    mutating func redo() -> [EditorEffect] {
        guard let current = editing.redo() else { return [.message(ListEditing<EditorState, Int>.nothingToRedo)] }
        let changed = changedText(from: current, to: state)
        return refresh(animated: true, reconfigure: changed) + [.message(editing.redoneMessage)]
    }

    /// Lines whose action or text differs between two states (their rows must redraw).
    func changedText(from a: EditorState, to b: EditorState) -> [Int] {
        let actions = Set(a.actions.keys).union(b.actions.keys).filter { a.actions[$0] != b.actions[$0] }
        let texts = Set(a.texts.keys).union(b.texts.keys).filter { a.texts[$0] != b.texts[$0] }
        return actions.union(texts).sorted()
    }

    // MARK: - Dragging

    mutating func pickUp() -> [EditorEffect] {
        let items = Array(blocks(targets).joined())
        guard let first = items.first else { return [.message("nothing to pick up")] }
        editing.pickUp(items)
        // The marked lines gather behind the first one and travel as one block.
        var order = state.order
        let rest = Set(items.dropFirst())
        order.removeAll { rest.contains($0) }
        let at = order.firstIndex(of: first)!
        order.insert(contentsOf: items.dropFirst(), at: at + 1)
        state.order = order
        cursor = first
        let edits = zip(items.dropFirst(), items).map { SnapshotEdit.move($0, anchor: $1, after: true) }
        return refresh(animated: true, edits: edits)
    }

    mutating func dragStep(_ direction: Int) -> [EditorEffect] {
        guard let carried = drag?.items, !carried.isEmpty,
            let step = step(carried, direction, in: state.order, stoppingAt: [])
        else { return [.message("no further")] }
        state.order = step.order
        return refresh(animated: true, edits: step.edits)
    }

    mutating func dropDrag() -> [EditorEffect] {
        guard let carried = editing.drop() else { return [] }
        return refresh(animated: true)
            + [.message(carried.items.count == 1 ? "moved 1 line" : "moved \(carried.items.count) lines")]
    }

    mutating func cancelDrag() -> [EditorEffect] {
        guard editing.cancelDrag() != nil else { return [] }
        return refresh(animated: true) + [.message("drag cancelled")]
    }
}
