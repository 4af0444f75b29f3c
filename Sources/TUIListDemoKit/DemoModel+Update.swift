import TUIList

extension DemoModel {
    /// Applies one action and says what the driver must do.
    ///
    /// A running sort stops at any action but its own ticks and speed changes; a drag takes
    /// only drag actions (and quit). Every change of the list comes back as one `.apply`
    /// effect: the one code path from model to screen.
    package mutating func update(_ action: DemoAction) -> [DemoEffect] {
        if sort != nil {
            switch action {
            case .sortTick: return sortTick()
            case .sortFaster, .sortSlower: break
            case .quit: return [.quit]
            case .cursor, .select, .toggleHelp: break
            default:
                sort = nil
                return [.message("sort stopped")]
            }
        }
        if drag != nil {
            switch action {
            case .dragUp: return dragStep(-1)
            case .dragDown: return dragStep(+1)
            case .drop: return dropDrag()
            case .cancelDrag: return cancelDrag()
            case .quit: return [.quit]
            case .toggleHelp: showHelp.toggle(); return []
            default: return [.message("dragging: ↑/↓ carry, Enter drops, Esc cancels")]
            }
        }
        if isEditingFilter {
            switch action {
            case .setFilter(let text): guard text != filter else { return [] }; filter = text; return refresh(animated: true)
            case .filterCommit: isEditingFilter = false; return []
            case .filterCancel: isEditingFilter = false; filter = ""; return refresh(animated: true)
            case .quit: return [.quit]
            default: break
            }
        }
        switch action {
        case .cursor(let move): moveCursor(move); return []
        case .select(let row): if rowExists(row) { cursor = row }; return []
        case .swapDown: return swap(+1)
        case .swapUp: return swap(-1)
        case .shuffleSection: return reorderSection { order, rng in order.shuffle(using: &rng) }
        case .reverseSection: return reorderSection { order, _ in order.reverse() }
        case .shuffleAll: return shuffleAll()
        case .insert: return insertItem()
        case .delete: return deleteTargets()
        case .edit: return editTargets()
        case .sort(let algorithm): return startSort(algorithm)
        case .cycleSortKey:
            let all = SortKey.allCases
            sortKey = all[(all.firstIndex(of: sortKey)! + 1) % all.count]
            return [.message("sort key: \(sortKey.rawValue)")]
        case .sortFaster: sortSpeed = min(sortSpeed * 2, 960); return [.message("sort speed \(formatSpeed(sortSpeed)) steps/s")]
        case .sortSlower: sortSpeed = max(sortSpeed / 2, 0.5); return [.message("sort speed \(formatSpeed(sortSpeed)) steps/s")]
        case .sortTick, .stopSort: return []
        case .pickUp: return pickUp()
        case .dragUp, .dragDown, .drop, .cancelDrag: return []
        case .beginFilter: isEditingFilter = true; return []
        case .filterCommit, .setFilter: return []
        case .filterCancel:
            guard !filter.isEmpty else { return [] }
            filter = ""
            return refresh(animated: true)
        case .toggleCollapse: return setCollapsed(nil)
        case .collapse: return setCollapsed(true)
        case .expand: return setCollapsed(false)
        case .toggleMark:
            guard let id = cursorItem else { return [] }
            editing.toggleMark(id)
            moveCursor(.down)
            return [.apply(displayed, animated: false)]
        case .undo: return undo()
        case .redo: return redo()
        case .toggleHelp: showHelp.toggle(); return []
        case .quit: return [.quit]
        }
    }

    // MARK: - Cursor

    func rowExists(_ row: DemoRow) -> Bool {
        switch row {
        case .header(let s): return displayed.contains(section: s)
        case .item(let id): return displayed.contains(item: id)
        }
    }

    /// The row after (`+1`) or before (`-1`) a row, in the order the list shows them:
    /// each section's header, then its items.
    func neighbour(of row: DemoRow, _ direction: Int) -> DemoRow? {
        let snap = displayed
        switch row {
        case .header(let section):
            guard let s = snap.indexOfSection(section) else { return nil }
            if direction > 0 {
                let range = snap.itemRange(ofSectionAt: s)
                if !range.isEmpty { return .item(snap[globalIndex: range.lowerBound]) }
                return snap.sectionIdentifier(at: s + 1).map(DemoRow.header)
            }
            guard s > 0 else { return nil }
            let previous = snap.itemRange(ofSectionAt: s - 1)
            return previous.isEmpty
                ? .header(snap.sectionIdentifier(at: s - 1)!) : .item(snap[globalIndex: previous.upperBound - 1])
        case .item(let id):
            guard let g = snap.indexOfItem(id), let path = snap.indexPath(atGlobalIndex: g) else { return nil }
            let range = snap.itemRange(ofSectionAt: path.section)
            if direction > 0 {
                if g + 1 < range.upperBound { return .item(snap[globalIndex: g + 1]) }
                return snap.sectionIdentifier(at: path.section + 1).map(DemoRow.header)
            }
            if g > range.lowerBound { return .item(snap[globalIndex: g - 1]) }
            return .header(snap.sectionIdentifier(at: path.section)!)
        }
    }

    mutating func moveCursor(_ move: DemoAction.CursorMove) {
        fixCursor()
        guard let current = cursor else { return }
        switch move {
        case .up: cursor = neighbour(of: current, -1) ?? current
        case .down: cursor = neighbour(of: current, +1) ?? current
        case .pageUp(let n), .pageDown(let n):
            let direction = { if case .pageUp = move { return -1 } else { return 1 } }()
            var row = current
            for _ in 0 ..< max(1, n) { guard let next = neighbour(of: row, direction) else { break }; row = next }
            cursor = row
        case .top: cursor = displayed.sectionIdentifiers.first.map(DemoRow.header)
        case .bottom:
            if let last = displayed.itemIdentifiers.last {
                cursor = .item(last)
            } else {
                cursor = displayed.sectionIdentifiers.last.map(DemoRow.header)
            }
        case .nextSection, .previousSection:
            guard let section = cursorSection, let s = displayed.indexOfSection(section) else { return }
            let count = displayed.numberOfSections
            let target = move == .nextSection ? (s + 1) % count : (s - 1 + count) % count
            cursor = .header(displayed.sectionIdentifier(at: target)!)
        }
    }

    /// Keeps the cursor on a row that exists: after a delete or a filter, the nearest one.
    mutating func fixCursor(near oldIndex: Int? = nil) {
        if let row = cursor, rowExists(row) { return }
        if let oldIndex, !displayed.isEmpty {
            cursor = .item(displayed[globalIndex: min(oldIndex, displayed.numberOfItems - 1)])
            return
        }
        if case .item(let id)? = cursor, let section = data.snapshot.sectionIdentifier(containingItem: id),
            displayed.contains(section: section)
        {
            cursor = .header(section)
            return
        }
        cursor =
            displayed.itemIdentifier(atGlobalIndex: 0).map(DemoRow.item)
            ?? displayed.sectionIdentifiers.first.map(DemoRow.header)
    }

    // MARK: - Displayed snapshot

    /// Whether an item passes the filter (``FilterQuery/listFilter(_:)``, as every TUIList
    /// list, over its title and its detail). O(1): the matches are found once per filter change (``runFilter()``).
    func matchesFilter(_ id: Int) -> Bool {
        guard textFilter.index != nil else { return true }  // none yet: everything shows
        return textFilter.passes(id) ?? false
    }

    /// Finds the items matching ``filter`` with the library's ``FilterIndex``; a query that
    /// extends the last one searches only its matches. Without an index, one is built on the
    /// spot (O(*n*) folding) — unless the app is building it in the background
    /// (``beginFilterIndex()``): then the list stays unfiltered until it arrives.
    mutating func runFilter() {
        guard textFilter.isActive, textFilter.index == nil, filterIndexBuild == nil else { return }
        textFilter.setIndex(Self.makeFilterIndex(data))
    }

    /// Folds the text of every item in `data` into a new filter index. O(*n*); runs on any
    /// thread.
    package static func makeFilterIndex(_ data: DemoData) -> FilterIndex<Int> {
        var index = FilterIndex<Int>()
        let ids = data.snapshot.itemIdentifiers
        // Room for the text as a thousand items spread over the list suggest, and a little
        // more: an array that outgrows its room doubles, and at a million items the copy would
        // briefly hold three times the text (120 MB instead of 40).
        var sample: [UInt8] = []
        let step = max(1, ids.count / 1_000)
        var sampled = 0
        for i in stride(from: 0, to: ids.count, by: step) {
            let item = data.items[ids[i]]
            TextFolding.append(folded: item?.title ?? "", to: &sample)
            TextFolding.append(folded: item?.detail ?? "", to: &sample)
            sampled += 1
        }
        let perItem = Double(sample.count) / Double(max(1, sampled)) + 1
        index.reserveCapacity(items: ids.count, bytes: Int(perItem * Double(ids.count) * 1.05) + 1_024)
        for id in ids {
            let item = data.items[id]
            index.append(id, fields: [item?.title ?? "", item?.detail ?? ""])
        }
        return index
    }

    /// Whether the list waits for the filter index being built in the background to filter.
    package var isWaitingForFilterIndex: Bool { textFilter.index == nil && filterIndexBuild != nil && !filter.isEmpty }

    /// Starts a background build of the filter index: returns the data to index (pass it to
    /// ``makeFilterIndex(_:)`` on another thread, then the result to
    /// ``adoptFilterIndex(_:build:)``) and the build's number, or `nil` when there is an index
    /// already or a build under way. Until the index arrives, edited items are remembered and
    /// a typed filter leaves the list unfiltered (the title bar says so).
    package mutating func beginFilterIndex() -> (data: DemoData, build: Int)? {
        guard textFilter.index == nil, filterIndexBuild == nil else { return nil }
        filterIndexBuilds += 1
        filterIndexBuild = filterIndexBuilds
        pendingFilterText = []
        return (data, filterIndexBuilds)
    }

    /// Takes an index built in the background from the data ``beginFilterIndex()`` returned:
    /// brings the items edited since up to date (O(edits)) and filters the list if a filter
    /// was typed meanwhile. An index from a build that no longer counts (the data was
    /// replaced since) is dropped.
    package mutating func adoptFilterIndex(_ index: FilterIndex<Int>, build: Int) -> [DemoEffect] {
        guard build == filterIndexBuild, textFilter.index == nil else { return [] }
        filterIndexBuild = nil
        textFilter.setIndex(index)
        refreshFilterText(pendingFilterText.sorted())
        pendingFilterText = []
        return filter.isEmpty ? [] : refresh(animated: true)
    }

    /// Gives the filter index the current text of items that were edited or came back.
    mutating func refreshFilterText(_ ids: some Sequence<Int>) {
        guard textFilter.index != nil else {
            if filterIndexBuild != nil { pendingFilterText.formUnion(ids) }
            return
        }
        let items = data.items
        textFilter.editIndex { index in
            for id in ids {
                guard let item = items[id] else { continue }
                if index.contains(id) {
                    index.update(id, fields: [item.title, item.detail])
                } else {
                    index.append(id, fields: [item.title, item.detail])
                }
            }
        }
    }

    /// Recomputes what the list shows and returns the effect that shows it.
    mutating func refresh(animated: Bool, reconfigure: [Int] = []) -> [DemoEffect] {
        let oldIndex = cursorItem.flatMap { displayed.indexOfItem($0) }
        runFilter()
        // Every item the index holds matched (a query like "item"): the whole list, shared
        // with the data instead of a copy of a million identifiers.
        let everythingMatches = textFilter.matchesEverything
        if collapsed.isEmpty && everythingMatches {
            displayed = data.snapshot
        } else {
            var snap = Snapshot<String, Int>()
            let full = data.snapshot
            for (s, section) in full.sectionIdentifiers.enumerated() {
                snap.appendSections([section])
                if collapsed.contains(section) { continue }
                let ids = full.itemIdentifiers[full.itemRange(ofSectionAt: s)]
                snap.appendItems(textFilter.matches == nil ? Array(ids) : ids.filter(matchesFilter), toSection: section)
            }
            displayed = snap
        }
        let shown = reconfigure.filter { displayed.contains(item: $0) }
        var effect = displayed
        if !shown.isEmpty { effect.reconfigureItems(shown) }  // marks go with this apply only
        fixCursor(near: oldIndex)
        return [.apply(effect, animated: animated)]
    }

    /// Records the current data for undo, then changes it.
    mutating func commit(_ change: (inout DemoData) -> Void) {
        editing.undoLimit = undoLimit  // fewer steps for a larger list
        editing.edit(change)
    }

    mutating func undo() -> [DemoEffect] {
        guard let current = editing.undo() else { return [.message(ListEditing<DemoData, Int>.nothingToUndo)] }
        refreshFilterText(changedContent(from: current, to: data))
        return refresh(animated: true, reconfigure: changedContent(from: current, to: data)) + [.message(editing.undoneMessage)]
    }

    mutating func redo() -> [DemoEffect] {
        guard let current = editing.redo() else { return [.message(ListEditing<DemoData, Int>.nothingToRedo)] }
        refreshFilterText(changedContent(from: current, to: data))
        return refresh(animated: true, reconfigure: changedContent(from: current, to: data)) + [.message(editing.redoneMessage)]
    }

    /// Items present in both whose content differs, so undo and redo of an edit refresh the row.
    /// O(*n*) lookups.
    func changedContent(from a: DemoData, to b: DemoData) -> [Int] {
        if let candidates = b.items.candidatesForDifference(from: a.items) {
            // Same generated base: only stored or removed items can differ (O(changes)).
            return candidates.filter { id in b.snapshot.contains(item: id) && a.items[id].map { $0 != b.items[id] } ?? false }
                .sorted { b.snapshot.indexOfItem($0)! < b.snapshot.indexOfItem($1)! }
        }
        return b.snapshot.itemIdentifiers.filter { id in a.items[id].map { $0 != b.items[id] } ?? false }
    }

    private func formatSpeed(_ speed: Double) -> String {
        speed >= 1 ? String(Int(speed)) : String(speed)
    }
}

extension DemoModel {
    /// Shows other data as it is (a replayed session's state): no undo step, marks, filter
    /// and collapsed sections cleared, the cursor kept where it can be.
    package mutating func show(_ newData: DemoData, animated: Bool) -> [DemoEffect] {
        let reconfigure = newData.snapshot.reconfiguredItemIdentifiers
        editing.cancelDrag()  // (before the data is replaced: a cancel puts the old data back)
        data = newData
        data.snapshot.clearMarks()
        editing.marked = []
        textFilter = ListFilter()  // no text, no index
        collapsed = []
        sort = nil
        filterIndexBuild = nil
        return refresh(animated: animated, reconfigure: Array(reconfigure))
    }
}
