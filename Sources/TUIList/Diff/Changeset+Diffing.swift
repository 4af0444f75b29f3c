import OrderedCollections

// Computing a changeset from two snapshots.

extension Changeset {
    /// The changes from `old` to `new`, with the minimal set of moves.
    ///
    /// **Algorithm.** Sections, then items, are matched by identifier with a linear hash join
    /// (Heckel, "A technique for isolating differences between files", CACM 1978): the new
    /// snapshot's items are looked up in the old one's hash index, so deletes, inserts and the
    /// old position of every kept item come out in one pass. Moves are then the complement of
    /// one longest increasing subsequence (patience sorting) of old positions taken in new
    /// order: the largest set of kept items whose relative order holds stays put, and only
    /// the rest is reported as moved.
    ///
    /// **What counts as a move.** A section kept by both snapshots is moved when it is not on
    /// the longest increasing subsequence of old section indices taken in new order. An item
    /// kept by both snapshots is moved when
    /// - its section identifier changed (it is in another section: always a move), or
    /// - it stays in the same section but is not on the longest increasing subsequence of the
    ///   items that stay in that section, compared by old position in new order.
    ///
    /// An item whose index path changed only because items or sections around it came, went or
    /// moved (including a whole section moving) *shifts*: it is not a move and is not listed.
    /// Under this definition the number of moves is the minimum: the items that changed
    /// section, plus, per section, the items that stay in it minus the length of a longest
    /// increasing subsequence of their old positions. In one section of 10,000 items, moving
    /// the first to the end is 1 move, swapping two far-apart items 2, reversing 9,999.
    ///
    /// **Updates** come from the new snapshot's marks (``Snapshot/reloadItems(_:)`` gives a
    /// reload: a new cell; ``Snapshot/reconfigureItems(_:)`` a reconfigure: the same cell
    /// configured again; the same for sections) and, when `ItemID` or `SectionID` conforms to
    /// ``ContentEquatable``, from comparing each kept identifier's old and new value (a
    /// difference gives a reconfigure). Marks on the old snapshot
    /// are ignored; marks on items that the old snapshot lacks are inserts, not updates.
    ///
    /// - Parameters:
    ///   - old: the snapshot on screen.
    ///   - new: the snapshot to show.
    /// - Complexity: O(*n* + *s*) expected time for the hash joins, where *n* is the number of
    ///   items of both snapshots and *s* of sections, plus O(*m* log *m*) for the *m* kept items'
    ///   subsequence (O(*m*) when the order mostly holds), plus O(*k* log *s*) to give index
    ///   paths to the *k* reported changes; items that only shift cost no index path. Scratch
    ///   memory is about 20 bytes per item, freed on return.
    ///
    /// - Note: When `new` was made by editing `old` (a copy of the snapshot on screen, then
    ///   item edits: moves, swaps, inserts, deletes), only the positions those edits touched
    ///   are diffed, with the same result (see `_incremental`): a swap of two neighbours in a
    ///   million items costs O(*s*), not O(*n*).
    @inlinable
    public init(from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>) {
        let itemTest = _contentChangedTest(for: ItemID.self)
        let sectionTest = _contentChangedTest(for: SectionID.self)
        if itemTest == nil, sectionTest == nil, let changes = Changeset._incremental(old, new) {
            self = changes
            return
        }
        self.init(_diffing: old, new, itemContentChanged: itemTest, sectionContentChanged: sectionTest)
    }

    /// The changes from `old` to `new`, asking a closure which kept items changed content.
    ///
    /// Use this when the content lives apart from the identifiers, e.g. in the app's model:
    /// ```swift
    /// Changeset(from: onScreen, to: next) { id in model[id] != shown[id] }
    /// ```
    /// Everything else is as in ``init(from:to:)``; the closures replace ``ContentEquatable``.
    ///
    /// - Parameters:
    ///   - old: the snapshot on screen.
    ///   - new: the snapshot to show.
    ///   - itemContentChanged: called once for each item that both snapshots hold and that the
    ///     new snapshot does not mark; `true` gives a `ListUpdateKind.reconfigure` update.
    ///   - sectionContentChanged: the same for sections, or `nil` for marks only.
    /// - Complexity: as ``init(from:to:)``, plus one call per kept item.
    @inlinable
    init(
        from old: Snapshot<SectionID, ItemID>, to new: Snapshot<SectionID, ItemID>,
        itemContentChanged: (ItemID) -> Bool,
        sectionContentChanged: ((SectionID) -> Bool)? = nil
    ) {
        self = withoutActuallyEscaping(itemContentChanged) { itemContentChanged in
            Changeset(
                _diffing: old, new,
                itemContentChanged: { _, new in itemContentChanged(new) },
                sectionContentChanged: sectionContentChanged.map { changed in { _, new in changed(new) } })
        }
    }

    /// The diff itself; content tests take the (old, new) values of one identifier.
    @inlinable
    internal init(
        _diffing old: Snapshot<SectionID, ItemID>, _ new: Snapshot<SectionID, ItemID>,
        itemContentChanged: ((ItemID, ItemID) -> Bool)?,
        sectionContentChanged: ((SectionID, SectionID) -> Bool)?
    ) {
        self.init()
        let (sectionOldToNew, sectionNewToOld) = _diffSections(old, new, contentChanged: sectionContentChanged)
        _diffItems(
            old, new, sectionOldToNew: sectionOldToNew, sectionNewToOld: sectionNewToOld,
            contentChanged: itemContentChanged)
    }

    /// Fills the section arrays and returns the section correspondence (-1 where none).
    @inlinable
    internal mutating func _diffSections(
        _ old: Snapshot<SectionID, ItemID>, _ new: Snapshot<SectionID, ItemID>,
        contentChanged: ((SectionID, SectionID) -> Bool)?
    ) -> (oldToNew: [Int32], newToOld: [Int32]) {
        let oldSections = old._sections
        let newSections = new._sections
        var oldToNew = [Int32](repeating: -1, count: oldSections.count)
        var newToOld = [Int32](repeating: -1, count: newSections.count)
        for (index, section) in newSections.enumerated() {
            if let oldIndex = oldSections.firstIndex(of: section) {
                newToOld[index] = Int32(oldIndex)
                oldToNew[oldIndex] = Int32(index)
            }
        }
        for index in oldSections.indices where oldToNew[index] < 0 {
            sectionDeletes.append(SectionChange(id: oldSections[index], index: index))
        }
        var keys: [Int32] = []
        var kept: [Int] = []
        for index in newSections.indices {
            if newToOld[index] < 0 {
                sectionInserts.append(SectionChange(id: newSections[index], index: index))
            } else {
                keys.append(newToOld[index])
                kept.append(index)
            }
        }
        keys.withUnsafeBufferPointer { keys in
            _withIncreasingSubsequenceMask(keys) { mask in
                for k in mask.indices where mask[k] == 0 {
                    sectionMoves.append(SectionMove(id: newSections[kept[k]], from: Int(keys[k]), to: kept[k]))
                }
            }
        }
        let marked = !new._reloadedSections.isEmpty || !new._reconfiguredSections.isEmpty
        if marked || contentChanged != nil {
            for index in kept {
                let section = newSections[index]
                let oldIndex = Int(newToOld[index])
                let kind: ListUpdateKind
                if new._reloadedSections.contains(section) {
                    kind = .reload
                } else if new._reconfiguredSections.contains(section)
                    || contentChanged?(oldSections[oldIndex], section) == true
                {
                    kind = .reconfigure
                } else {
                    continue
                }
                sectionUpdates.append(SectionUpdate(id: section, from: oldIndex, to: index, kind: kind))
            }
        }
        return (oldToNew, newToOld)
    }

    /// Fills the item arrays.
    @inlinable
    internal mutating func _diffItems(
        _ old: Snapshot<SectionID, ItemID>, _ new: Snapshot<SectionID, ItemID>,
        sectionOldToNew: [Int32], sectionNewToOld: [Int32],
        contentChanged: ((ItemID, ItemID) -> Bool)?
    ) {
        let match = _ItemMatch(
            old: old._items, new: new._items.elements,
            oldStarts: old._sectionStarts, newStarts: new._sectionStarts,
            sectionOldToNew: sectionOldToNew, sectionNewToOld: sectionNewToOld,
            checkingDuplicates: false)
        let oldStarts = old._sectionStarts
        let newStarts = new._sectionStarts

        // Deletes, in old order, with a section cursor.
        itemDeletes.reserveCapacity(match.deletedCount)
        if match.deletedCount > 0 {
            old._items.elements.withUnsafeBufferPointer { oldItems in
                match.oldMatched.withUnsafeBufferPointer { oldMatched in
                    var section = 0
                    var nextStart = oldStarts.count > 1 ? oldStarts[1] : Int.max
                    for position in 0 ..< oldItems.count where oldMatched[position] == 0 {
                        while position >= nextStart {
                            section += 1
                            nextStart = section + 1 < oldStarts.count ? oldStarts[section + 1] : Int.max
                        }
                        itemDeletes.append(
                            ItemChange(
                                id: oldItems[position],
                                index: ListIndexPath(section: section, item: position - oldStarts[section])))
                    }
                }
            }
        }

        // Marked updates, as (new position, kind) sorted by position.
        var marks: [(position: Int, kind: ListUpdateKind)] = []
        for item in new._reloadedItems {
            if let position = new._items.firstIndex(of: item), match.newToOld[position] >= 0 {
                marks.append((position, .reload))
            }
        }
        for item in new._reconfiguredItems where !new._reloadedItems.contains(item) {
            if let position = new._items.firstIndex(of: item), match.newToOld[position] >= 0 {
                marks.append((position, .reconfigure))
            }
        }
        marks.sort { $0.position < $1.position }

        // Inserts, moves and updates, in new order, with a section cursor.
        itemInserts.reserveCapacity(match.insertedCount)
        itemMoves.reserveCapacity(match.movedCount)
        itemUpdates.reserveCapacity(marks.count)
        let everyKeptItem = contentChanged != nil || !marks.isEmpty
        guard match.insertedCount > 0 || match.movedCount > 0 || everyKeptItem else { return }
        old._items.elements.withUnsafeBufferPointer { oldItems in
            new._items.elements.withUnsafeBufferPointer { newItems in
                match.newToOld.withUnsafeBufferPointer { newToOld in
                    match.moved.withUnsafeBufferPointer { moved in
                        var section = 0
                        var nextStart = newStarts.count > 1 ? newStarts[1] : Int.max
                        var nextMark = 0
                        for position in 0 ..< newItems.count {
                            let oldPosition = Int(newToOld[position])
                            guard oldPosition < 0 || moved[position] != 0 || everyKeptItem else { continue }
                            while position >= nextStart {
                                section += 1
                                nextStart = section + 1 < newStarts.count ? newStarts[section + 1] : Int.max
                            }
                            let to = ListIndexPath(section: section, item: position - newStarts[section])
                            if oldPosition < 0 {
                                itemInserts.append(ItemChange(id: newItems[position], index: to))
                                continue
                            }
                            var from: ListIndexPath {
                                let oldSection = match.oldSection(of: oldPosition)
                                return ListIndexPath(section: oldSection, item: oldPosition - oldStarts[oldSection])
                            }
                            if moved[position] != 0 {
                                itemMoves.append(ItemMove(id: newItems[position], from: from, to: to))
                            }
                            let kind: ListUpdateKind
                            if nextMark < marks.count && marks[nextMark].position == position {
                                kind = marks[nextMark].kind
                                nextMark += 1
                            } else if let contentChanged, contentChanged(oldItems[oldPosition], newItems[position]) {
                                kind = .reconfigure
                            } else {
                                continue
                            }
                            itemUpdates.append(ItemUpdate(id: newItems[position], from: from, to: to, kind: kind))
                        }
                    }
                }
            }
        }
    }
}
