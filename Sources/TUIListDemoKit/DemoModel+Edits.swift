import TUIList

// The actions that change the list. Each goes through `commit` (for undo) and ends in
// `refresh`, which returns the one `.apply` effect.

extension DemoModel {
    /// Swaps the target item(s) with the neighbour below (`+1`) or above (`-1`) in the order
    /// the list shows, across a section boundary too.
    mutating func swap(_ direction: Int) -> [DemoEffect] {
        let items = targets
        guard !items.isEmpty else { return [.message("nothing to swap: select an item")] }
        var moved = false
        var working = data.snapshot
        let ordered = direction > 0 ? items.reversed() : items
        for id in ordered {
            guard let neighbour = neighbourItem(of: id, direction, in: working),
                !editing.marked.contains(neighbour) || editing.marked.isEmpty
            else { continue }
            if direction > 0 { working.swapItems(id, neighbour) } else { working.swapItems(neighbour, id) }
            moved = true
        }
        guard moved else { return [.message(direction > 0 ? "already at the bottom" : "already at the top")] }
        commit { $0.snapshot = working }
        return refresh(animated: true)
    }

    /// The next visible item after (or before) `id` in list order, skipping hidden ones.
    func neighbourItem(of id: Int, _ direction: Int, in snapshot: Snapshot<String, Int>) -> Int? {
        guard var g = snapshot.indexOfItem(id) else { return nil }
        while true {
            g += direction
            guard let candidate = snapshot.itemIdentifier(atGlobalIndex: g) else { return nil }
            if isShown(candidate) { return candidate }
        }
    }

    func isShown(_ id: Int) -> Bool {
        guard let section = data.snapshot.sectionIdentifier(containingItem: id) else { return false }
        return !collapsed.contains(section) && matchesFilter(id)
    }

    /// Reorders every item of the cursor's section.
    mutating func reorderSection(_ transform: (inout [Int], inout SplitMix64) -> Void) -> [DemoEffect] {
        guard let section = cursorSection else { return [] }
        var order = data.snapshot.itemIdentifiers(inSection: section)
        guard order.count > 1 else { return [.message("nothing to reorder")] }
        transform(&order, &rng)
        commit { data in
            data.snapshot.deleteItems(order)
            data.snapshot.appendItems(order, toSection: section)
        }
        return refresh(animated: true)
    }

    /// Shuffles every item across all sections, keeping each section's size.
    mutating func shuffleAll() -> [DemoEffect] {
        let snap = data.snapshot
        var all = snap.itemIdentifiers
        guard all.count > 1 else { return [] }
        all.shuffle(using: &rng)
        var sections: [(String, [Int])] = []
        for (s, section) in snap.sectionIdentifiers.enumerated() {
            let range = snap.itemRange(ofSectionAt: s)
            sections.append((section, Array(all[range])))
        }
        commit { $0.snapshot = Snapshot(sections: sections) }
        return refresh(animated: true)
    }

    /// Inserts a new item after the cursor's item (or first in the cursor's section).
    mutating func insertItem() -> [DemoEffect] {
        guard let section = cursorSection else { return [.message("no section to insert into")] }
        let id = nextID
        nextID += 1
        let item = DemoItem(id: id, title: "New item \(id)", detail: "inserted", price: Double(id % 100))
        let cursor = self.cursor
        commit { data in
            data.items[id] = item
            if case .item(let after)? = cursor {
                data.snapshot.insertItems([id], afterItem: after)
            } else if let first = data.snapshot.itemIdentifiers(inSection: section).first {
                data.snapshot.insertItems([id], beforeItem: first)
            } else {
                data.snapshot.appendItems([id], toSection: section)
            }
        }
        refreshFilterText([id])
        if !filter.isEmpty {
            runFilter()
            if !matchesFilter(id) { filter = "" }
        }
        self.cursor = .item(id)
        return refresh(animated: true)
    }

    /// Deletes the marked items, or the cursor's item.
    mutating func deleteTargets() -> [DemoEffect] {
        let doomed = targets
        guard !doomed.isEmpty else { return [.message("nothing to delete: select an item")] }
        commit { data in
            data.snapshot.deleteItems(doomed)
            for id in doomed { data.items[id] = nil }
        }
        editing.marked.subtract(doomed)
        return refresh(animated: true)
    }

    /// Changes the content of the marked items, or the cursor's item: same identifier, new
    /// content, so the row updates in place.
    mutating func editTargets() -> [DemoEffect] {
        let edited = targets
        guard !edited.isEmpty else { return [.message("nothing to edit: select an item")] }
        commit { data in
            for id in edited {
                guard var item = data.items[id] else { continue }
                item.edits += 1
                if item.edits == 1 { item.title = "★ " + item.title }
                if let mark = item.detail.range(of: " · edited") { item.detail = String(item.detail[..<mark.lowerBound]) }
                item.detail += " · edited ×\(item.edits)"
                data.items[id] = item
            }
        }
        refreshFilterText(edited)
        return refresh(animated: true, reconfigure: edited)
    }

    // MARK: - Sorting

    mutating func startSort(_ algorithm: SortAlgorithm) -> [DemoEffect] {
        guard let section = cursorSection else { return [.message("select a section to sort")] }
        let order = data.snapshot.itemIdentifiers(inSection: section)
        commit { _ in }  // one undo step for the whole sort
        sort = SortRun(section: section, order: order, items: data.items, algorithm: algorithm, key: sortKey)
        return [
            .message("\(algorithm.rawValue) sort of \(section) by \(sortKey.rawValue)"),
            .scheduleSortTick(after: 1 / sortSpeed),
        ]
    }

    mutating func sortTick() -> [DemoEffect] {
        guard var run = sort else { return [] }
        guard let step = run.next() else {
            sort = nil
            return [.message("\(run.algorithm.rawValue) sort done in \(run.steps) steps")]
        }
        sort = run
        // The step on the section as it is now (a swap's second move is still to come in
        // `run.order`'s final state, so that order is not the screen's).
        var order = data.snapshot.itemIdentifiers(inSection: run.section)
        guard let from = order.firstIndex(of: step.item) else {
            sort = nil; return [.message("sort stopped: the section changed")]
        }
        order.remove(at: from)
        order.insert(step.item, at: min(step.to, order.count))
        let to = order.firstIndex(of: step.item)!
        if to + 1 < order.count {
            data.snapshot.moveItem(step.item, beforeItem: order[to + 1])
        } else if to > 0 {
            data.snapshot.moveItem(step.item, afterItem: order[to - 1])
        }
        return refresh(animated: true) + [.scheduleSortTick(after: 1 / sortSpeed)]
    }

    // MARK: - Dragging

    mutating func pickUp() -> [DemoEffect] {
        let items = targets
        guard let first = items.first else { return [.message("nothing to pick up: select an item")] }
        editing.pickUp(items)
        // Gather marked items behind the first one, so they travel as one block.
        var snap = data.snapshot
        var previous = first
        for id in items.dropFirst() {
            snap.moveItem(id, afterItem: previous)
            previous = id
        }
        data.snapshot = snap
        cursor = .item(first)
        return refresh(animated: true)
    }

    /// Carries the dragged block one row up or down; at a section's edge it crosses into the
    /// neighbouring section, where the list opens a gap for it.
    mutating func dragStep(_ direction: Int) -> [DemoEffect] {
        guard let state = drag, let first = state.items.first, let last = state.items.last else { return [] }
        var snap = data.snapshot
        let edge = direction > 0 ? last : first
        guard let row = neighbour(of: .item(edge), direction) else { return [.message("no further")] }
        switch (row, direction > 0) {
        case (.item(let other), true):
            snap.moveBlock(state.items, after: other)
        case (.item(let other), false):
            snap.moveBlock(state.items, before: other)
        case (.header(let section), true):
            // Into the next section, as its first item.
            if let head = snap.itemIdentifiers(inSection: section).first {
                snap.moveBlock(state.items, before: head)
            } else {
                snap.moveBlock(state.items, toEndOf: section)
            }
        case (.header(let section), false):
            // Out of this section into the end of the previous one.
            guard let s = snap.indexOfSection(section), let previous = snap.sectionIdentifier(at: s - 1) else {
                return [.message("no further")]
            }
            snap.moveBlock(state.items, toEndOf: previous)
        }
        data.snapshot = snap
        if collapsed.contains(snap.sectionIdentifier(containingItem: first)!) {
            collapsed.remove(snap.sectionIdentifier(containingItem: first)!)
        }
        return refresh(animated: true)
    }

    mutating func dropDrag() -> [DemoEffect] {
        editing.undoLimit = undoLimit
        guard let ended = editing.drop() else { return [] }
        let result = DragResult(before: ended.before.snapshot, after: data.snapshot, moved: ended.items)
        return refresh(animated: true) + [.dragFinished(result)]
    }

    /// Takes back the last drop, as an app that refuses the new order would (Apple's
    /// reordering handlers let an app do the same): the items slide home and no undo or redo
    /// step remains of the drag.
    package mutating func refuseLastDrop() -> [DemoEffect] {
        guard editing.refuseLastEdit() else { return [] }
        return refresh(animated: true) + [.message("drop refused")]
    }

    mutating func cancelDrag() -> [DemoEffect] {
        guard editing.cancelDrag() != nil else { return [] }
        return refresh(animated: true) + [.message("drag cancelled")]
    }

    // MARK: - Sections

    /// Collapses (`true`), expands (`false`) or toggles (`nil`) the cursor's section.
    mutating func setCollapsed(_ value: Bool?) -> [DemoEffect] {
        guard let section = cursorSection else { return [] }
        let collapse = value ?? !collapsed.contains(section)
        if case .item? = cursor, !collapse { return [] }
        if collapse { collapsed.insert(section) } else { collapsed.remove(section) }
        cursor = .header(section)
        return refresh(animated: true)
    }
}

extension Snapshot where ItemID == Int, SectionID == String {
    mutating func moveBlock(_ block: [Int], after anchor: Int) {
        var previous = anchor
        for id in block { moveItem(id, afterItem: previous); previous = id }
    }

    mutating func moveBlock(_ block: [Int], before anchor: Int) {
        var next = anchor
        for id in block.reversed() { moveItem(id, beforeItem: next); next = id }
    }

    mutating func moveBlock(_ block: [Int], toEndOf section: String) {
        for id in block { moveItem(id, toEndOfSection: section) }
    }
}
