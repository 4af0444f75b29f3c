// The diff of a snapshot against an earlier state of itself: only what the edits touched.

extension Changeset {
    /// The changes from `old` to `new` when `new` was made from `old` by item edits (its edit
    /// log continues `old`'s), found by diffing only the window of positions the edits touched;
    /// `nil` when that does not apply and the whole lists must be diffed.
    ///
    /// **Why it gives exactly what the full diff gives.** Every item before the window and every
    /// item after it is in the same place and section in both snapshots, and the sections are
    /// the same. Within one section, the old positions of kept items taken in new order are then
    /// the untouched prefix (smaller than anything in the window), the window's items, and the
    /// untouched suffix (larger than anything in the window); a longest increasing subsequence
    /// is the prefix, one of the window's, and the suffix, and patience sorting picks for the
    /// window what it picks for the window alone. So deletes, inserts and moves are those of the
    /// window's own diff, their index paths shifted by the section's items before the window.
    /// Marked updates outside the window are reported where the items are. The property tests
    /// (`IncrementalDiffTests`) compare the two on thousands of random edit sequences.
    ///
    /// Not used (the full diff runs) when sections were edited or marked, when identifiers
    /// compare content (``ContentEquatable``: any kept item may have changed), when the logs do
    /// not share a history, or when the window holds more than half of the list.
    ///
    /// - Complexity: O(*e*) to read the log of *e* edits, O(*s*) for the sections, plus the
    ///   diff of the *w* items in the window, O(*w* log *w*) at worst (a swap of neighbours:
    ///   *w* = 2), plus O(*m*) for *m* marked items.
    @usableFromInline
    internal static func _incremental(
        _ old: Snapshot<SectionID, ItemID>,
        _ new: Snapshot<SectionID, ItemID>
    ) -> Changeset? {
        guard let window = new._log.window(since: old._log),
            new._reloadedSections.isEmpty, new._reconfiguredSections.isEmpty,
            old._sections.count == new._sections.count,
            old._sectionStarts.count == new._sectionStarts.count
        else { return nil }
        let oldCount = old._items.count, newCount = new._items.count
        let low = min(window.low, oldCount, newCount)
        let tail = min(window.tail, oldCount - low, newCount - low)
        let oldEnd = oldCount - tail, newEnd = newCount - tail
        guard (oldEnd - low) + (newEnd - low) <= max(64, (oldCount + newCount) / 2) else { return nil }
        guard old._sections.elements == new._sections.elements else { return nil }

        // The window of each snapshot, cut along its sections, and where each cut starts in
        // its section.
        func cut(
            _ snapshot: Snapshot<SectionID, ItemID>, end: Int
        )
            -> (blocks: [(section: SectionID, items: ArraySlice<ItemID>)], offsets: [Int])
        {
            var blocks: [(section: SectionID, items: ArraySlice<ItemID>)] = []
            var offsets: [Int] = []
            blocks.reserveCapacity(snapshot._sections.count)
            offsets.reserveCapacity(snapshot._sections.count)
            let items = snapshot._items.elements
            for (index, section) in snapshot._sections.elements.enumerated() {
                let range = snapshot.itemRange(ofSectionAt: index)
                let from = min(max(range.lowerBound, low), range.upperBound)
                let to = max(min(range.upperBound, end), from)
                blocks.append((section, items[from ..< to]))
                offsets.append(from - range.lowerBound)
            }
            return (blocks, offsets)
        }
        let (oldBlocks, oldOffsets) = cut(old, end: oldEnd)
        let (newBlocks, newOffsets) = cut(new, end: newEnd)
        var oldWindow = Snapshot<SectionID, ItemID>()
        oldWindow._rebuild(from: oldBlocks)
        var newWindow = Snapshot<SectionID, ItemID>()
        newWindow._rebuild(from: newBlocks)

        // Marks: inside the window they go with the window's diff; outside, the item is where
        // it was (before the window) or shifted by the change in count (after it).
        var before: [(position: Int, update: ItemUpdate)] = []
        var after: [(position: Int, update: ItemUpdate)] = []
        func mark(_ item: ItemID, _ kind: ListUpdateKind) {
            guard let position = new._items.firstIndex(of: item) else { return }
            if position >= low && position < newEnd {
                if kind == .reload { newWindow._reloadedItems.insert(item) } else { newWindow._reconfiguredItems.insert(item) }
                return
            }
            let oldPosition = position < low ? position : position - (newCount - oldCount)
            let update = ItemUpdate(
                id: item, from: old._indexPath(ofPosition: oldPosition),
                to: new._indexPath(ofPosition: position), kind: kind)
            if position < low { before.append((position, update)) } else { after.append((position, update)) }
        }
        for item in new._reloadedItems { mark(item, .reload) }
        for item in new._reconfiguredItems where !new._reloadedItems.contains(item) { mark(item, .reconfigure) }

        var changes = Changeset(_diffing: oldWindow, newWindow, itemContentChanged: nil, sectionContentChanged: nil)
        func shift(_ path: ListIndexPath, _ offsets: [Int]) -> ListIndexPath {
            ListIndexPath(section: path.section, item: path.item + offsets[path.section])
        }
        for i in changes.itemDeletes.indices {
            changes.itemDeletes[i].index = shift(changes.itemDeletes[i].index, oldOffsets)
        }
        for i in changes.itemInserts.indices {
            changes.itemInserts[i].index = shift(changes.itemInserts[i].index, newOffsets)
        }
        for i in changes.itemMoves.indices {
            changes.itemMoves[i].from = shift(changes.itemMoves[i].from, oldOffsets)
            changes.itemMoves[i].to = shift(changes.itemMoves[i].to, newOffsets)
        }
        for i in changes.itemUpdates.indices {
            changes.itemUpdates[i].from = shift(changes.itemUpdates[i].from, oldOffsets)
            changes.itemUpdates[i].to = shift(changes.itemUpdates[i].to, newOffsets)
        }
        if !before.isEmpty || !after.isEmpty {
            before.sort { $0.position < $1.position }
            after.sort { $0.position < $1.position }
            changes.itemUpdates = before.map(\.update) + changes.itemUpdates + after.map(\.update)
        }
        return changes
    }
}

extension Snapshot {
    /// The index path of the item at a global position. O(log *s*).
    @usableFromInline
    internal func _indexPath(ofPosition position: Int) -> ListIndexPath {
        let section = _sectionIndex(containingPosition: position)
        return ListIndexPath(section: section, item: position - _sectionStarts[section])
    }
}
