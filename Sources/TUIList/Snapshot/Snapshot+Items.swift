import OrderedCollections

// Editing items. Each trapping method has a `checked` counterpart that throws instead and
// leaves the snapshot as it was.

extension Snapshot {
    /// Appends items at the end of a section (the last section when `section` is `nil`).
    ///
    /// - Precondition: the section exists (for `nil`: there is at least one section), and no
    ///   item of `items` is in the snapshot or repeats.
    /// - Complexity: amortised O(1) per item appended to the last section; O(*n* + *s*) when
    ///   appending to another section (the items after it shift).
    @inlinable  // specialised in the caller, with `checkedAppendItems`
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
        // A direct call, not through `_trapOnError`'s closure: through the closure the
        // compiler called the unspecialised `checkedAppendItems` (generic hashing, about 5×
        // slower: 600 ms to list a million lines).
        do { try checkedAppendItems(items, toSection: section) } catch { preconditionFailure(error.description) }
    }

    /// Appends items at the end of a section, throwing on input that does not fit.
    ///
    /// - Throws: ``SnapshotError``: `.noSection` when there is no section to append to,
    ///   `.unknownSection`, or `.duplicateItem` naming the item, the section it is already in
    ///   and the section it was being added to.
    @inlinable  // specialised in the caller: appending is the hot path of building a snapshot
    package mutating func checkedAppendItems(_ items: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        let sectionIndex: Int
        if let section {
            sectionIndex = try _requireSection(section)
        } else {
            guard !_sections.isEmpty else {
                guard let first = items.first else { return }
                throw SnapshotError(kind: .noSection, identifier: _describe(first))
            }
            sectionIndex = _sections.count - 1
        }
        if sectionIndex == _sections.count - 1 {
            // The common, fast path: append at the very end, undoing on a duplicate.
            let before = _items.count
            // Reserve only for an append that grows the items by half or more: reserving the
            // exact new count on every append would resize (and rehash) the whole set each
            // time, making a list that grows by small batches quadratic (appends grow it
            // geometrically). A large append reserved once rehashes once instead of at each
            // doubling: 800,000 onto 200,000 items took 205 ms, reserved 92 ms.
            if 2 * items.count >= _items.count { _items.reserveCapacity(_items.count + items.count) }
            for (offset, item) in items.enumerated() where !_items.append(item).inserted {
                _items.removeLast(offset)
                throw _duplicate(item, addedTo: sectionIndex)
            }
            if !items.isEmpty { _log.record(low: before, tail: 0) }
        } else {
            try _insertItems(items, at: itemRange(ofSectionAt: sectionIndex).upperBound, inSection: sectionIndex)
        }
        _checkInvariants()
    }

    /// Inserts items before an existing item, in that item's section.
    ///
    /// - Precondition: `beforeItem` is in the snapshot; no item of `items` is, or repeats.
    /// - Complexity: O(*n* + *s*).
    public mutating func insertItems(_ items: [ItemID], beforeItem: ItemID) {
        _trapOnError { () throws(SnapshotError) in try checkedInsertItems(items, beforeItem: beforeItem) }
    }

    /// Inserts items before an existing item, throwing on an unknown or duplicate identifier.
    package mutating func checkedInsertItems(_ items: [ItemID], beforeItem: ItemID) throws(SnapshotError) {
        let position = try _requireItem(beforeItem)
        try _insertItems(items, at: position, inSection: _sectionIndex(containingPosition: position))
    }

    /// Inserts items after an existing item, in that item's section.
    ///
    /// - Precondition: `afterItem` is in the snapshot; no item of `items` is, or repeats.
    /// - Complexity: O(*n* + *s*).
    public mutating func insertItems(_ items: [ItemID], afterItem: ItemID) {
        _trapOnError { () throws(SnapshotError) in try checkedInsertItems(items, afterItem: afterItem) }
    }

    /// Inserts items after an existing item, throwing on an unknown or duplicate identifier.
    package mutating func checkedInsertItems(_ items: [ItemID], afterItem: ItemID) throws(SnapshotError) {
        let position = try _requireItem(afterItem)
        try _insertItems(items, at: position + 1, inSection: _sectionIndex(containingPosition: position))
    }

    /// Deletes items from wherever they are.
    ///
    /// - Precondition: every one of `items` is in the snapshot.
    /// - Complexity: O(*n* + *s*) (O(*k* · *n*) hashing-free shifts for a few items, one
    ///   filtering pass for many).
    public mutating func deleteItems(_ items: [ItemID]) {
        _trapOnError { () throws(SnapshotError) in try checkedDeleteItems(items) }
    }

    /// Deletes items, throwing on an unknown identifier (nothing is deleted then).
    package mutating func checkedDeleteItems(_ items: [ItemID]) throws(SnapshotError) {
        var removedPerSection = [Int](repeating: 0, count: _sections.count)
        var positions: [Int] = []
        positions.reserveCapacity(items.count)
        var listed = Set<Int>(minimumCapacity: items.count)
        for item in items {
            let position = try _requireItem(item)
            // An item named twice is deleted once (it used to shift the count and, with few
            // items, delete its neighbour too).
            if listed.insert(position).inserted { positions.append(position) }
        }
        guard !positions.isEmpty else { return }
        _log.record(low: positions.min()!, tail: _items.count - 1 - positions.max()!)
        for position in positions { removedPerSection[_sectionIndex(containingPosition: position)] += 1 }
        if positions.count <= 8 {
            for position in positions.sorted(by: >) { _items.remove(at: position) }
        } else {
            let doomed = Set(items)
            _items.removeAll { doomed.contains($0) }
        }
        var removedBefore = 0
        for section in _sectionStarts.indices {
            _sectionStarts[section] -= removedBefore
            removedBefore += removedPerSection[section]
        }
        for item in items {
            _reloadedItems.remove(item)
            _reconfiguredItems.remove(item)
        }
        _checkInvariants()
    }

    /// Deletes every item and every section, as Apple's `deleteAllItems()` does. O(1) plus
    /// releasing the storage.
    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    /// Deletes every item of one section and keeps the section.
    ///
    /// - Precondition: the snapshot holds `section`.
    /// - Complexity: O(*n* + *s*).
    public mutating func deleteAllItems(inSection section: SectionID) {
        deleteItems(itemIdentifiers(inSection: section))
    }

    /// Moves an item before another item, which may be in another section.
    ///
    /// - Precondition: both are in the snapshot and differ.
    /// - Complexity: O(*d* + *s*), where *d* is the distance moved (the items in between step
    ///   over by one; the rest of the list is untouched).
    public mutating func moveItem(_ item: ItemID, beforeItem: ItemID) {
        _trapOnError { () throws(SnapshotError) in try checkedMoveItem(item, beforeItem: beforeItem) }
    }

    /// Moves an item before another one, throwing on an unknown identifier.
    package mutating func checkedMoveItem(_ item: ItemID, beforeItem: ItemID) throws(SnapshotError) {
        try _moveItem(item, relativeTo: beforeItem, after: false)
    }

    /// Moves an item after another item, which may be in another section.
    ///
    /// - Precondition: both are in the snapshot and differ.
    /// - Complexity: O(*d* + *s*), where *d* is the distance moved.
    public mutating func moveItem(_ item: ItemID, afterItem: ItemID) {
        _trapOnError { () throws(SnapshotError) in try checkedMoveItem(item, afterItem: afterItem) }
    }

    /// Moves an item after another one, throwing on an unknown identifier.
    package mutating func checkedMoveItem(_ item: ItemID, afterItem: ItemID) throws(SnapshotError) {
        try _moveItem(item, relativeTo: afterItem, after: true)
    }

    /// Moves an item to the end of a section (the way to move into an empty section).
    ///
    /// - Precondition: both are in the snapshot.
    /// - Complexity: O(*d* + *s*), where *d* is the distance moved.
    public mutating func moveItem(_ item: ItemID, toEndOfSection section: SectionID) {
        _trapOnError { () throws(SnapshotError) in try checkedMoveItem(item, toEndOfSection: section) }
    }

    /// Moves an item to the end of a section, throwing on an unknown identifier.
    package mutating func checkedMoveItem(_ item: ItemID, toEndOfSection section: SectionID) throws(SnapshotError) {
        let from = try _requireItem(item)
        let target = try _requireSection(section)
        let end = itemRange(ofSectionAt: target).upperBound
        _relocate(
            from: from, to: from < end ? end - 1 : end, fromSection: _sectionIndex(containingPosition: from),
            toSection: target)
        _checkInvariants()
    }

    /// Marks items for reload: when applied, their rows get new cells.
    ///
    /// - Precondition: every one of `items` is in the snapshot.
    /// - Complexity: O(1) per item.
    public mutating func reloadItems(_ items: [ItemID]) {
        _trapOnError { () throws(SnapshotError) in try checkedReloadItems(items) }
    }

    /// Marks items for reload, throwing on an unknown identifier.
    package mutating func checkedReloadItems(_ items: [ItemID]) throws(SnapshotError) {
        try _requireItems(items)
        _reloadedItems.formUnion(items)
    }

    /// Marks items for reconfigure: when applied, their rows keep their cells, which are
    /// configured again with the current content (Apple's `reconfigureItems`).
    ///
    /// - Precondition: every one of `items` is in the snapshot.
    /// - Complexity: O(1) per item.
    public mutating func reconfigureItems(_ items: [ItemID]) {
        _trapOnError { () throws(SnapshotError) in try checkedReconfigureItems(items) }
    }

    /// Marks items for reconfigure, throwing on an unknown identifier.
    package mutating func checkedReconfigureItems(_ items: [ItemID]) throws(SnapshotError) {
        try _requireItems(items)
        _reconfiguredItems.formUnion(items)
    }

    /// Drops every reload and reconfigure mark (a list does this once it has applied them).
    public mutating func clearMarks() {
        _reloadedItems = []
        _reconfiguredItems = []
        _reloadedSections = []
        _reconfiguredSections = []
    }
}

// MARK: - Shared machinery

extension Snapshot {
    /// Throws for the first of `items` the snapshot does not hold (the marks' check).
    /// (The marks are then formed in place: through a key path, unspecialised, the set was
    /// copied on every call — a session of 1,000 edits applied 2.5× slower.)
    internal func _requireItems(_ items: [ItemID]) throws(SnapshotError) {
        for item in items { _ = try _requireItem(item) }
    }

    /// The global position of an item the snapshot must hold.
    @usableFromInline
    internal func _requireItem(_ item: ItemID) throws(SnapshotError) -> Int {
        guard let position = _items.firstIndex(of: item) else {
            throw SnapshotError(kind: .unknownItem, identifier: _describe(item))
        }
        return position
    }

    @usableFromInline
    internal func _duplicate(_ item: ItemID, addedTo sectionIndex: Int) -> SnapshotError {
        let existing = sectionIdentifier(containingItem: item).map(_describe)
        return SnapshotError(
            kind: .duplicateItem, identifier: _describe(item),
            section: existing, otherSection: _describe(_sections[sectionIndex]))
    }

    /// Inserts new items at a global position inside (or at the end of) a section, after
    /// checking that none is present or repeats.
    @usableFromInline
    internal mutating func _insertItems(_ items: [ItemID], at position: Int, inSection section: Int) throws(SnapshotError) {
        var seen = Set<ItemID>(minimumCapacity: items.count)
        for item in items where _items.contains(item) || !seen.insert(item).inserted {
            throw _duplicate(item, addedTo: section)
        }
        if !items.isEmpty { _log.record(low: position, tail: _items.count - position) }
        if items.count <= 8 {
            for (offset, item) in items.enumerated() { _items.insert(item, at: position + offset) }
        } else {
            var all = _items.elements
            all.insert(contentsOf: items, at: position)
            _items = OrderedSet(uncheckedUniqueElements: all)
        }
        for later in (section + 1) ..< _sectionStarts.count { _sectionStarts[later] += items.count }
        _checkInvariants()
    }

    internal mutating func _moveItem(_ item: ItemID, relativeTo other: ItemID, after: Bool) throws(SnapshotError) {
        let from = try _requireItem(item)
        _ = try _requireItem(other)
        guard item != other else {
            throw SnapshotError(kind: .moveRelativeToItself, identifier: _describe(item))
        }
        let anchorPosition = _items.firstIndex(of: other)!
        // Where the anchor is once the item is out of the list, and where the item goes then.
        let anchor = anchorPosition > from ? anchorPosition - 1 : anchorPosition
        _relocate(
            from: from, to: after ? anchor + 1 : anchor,
            fromSection: _sectionIndex(containingPosition: from),
            toSection: _sectionIndex(containingPosition: anchorPosition))
        _checkInvariants()
    }

    /// Moves the item at `from` so that it ends at position `to` (as if removed, then inserted
    /// at `to` in the shorter list), from section `fromSection` into section `toSection`.
    ///
    /// The items in between step over by one, by exchanging neighbours: O(|`from` − `to`|)
    /// hashed-storage updates plus O(*s*) for the section starts, never a shift of the whole
    /// list (a swap of neighbours in a million items costs what two do).
    internal mutating func _relocate(from: Int, to: Int, fromSection: Int, toSection: Int) {
        _log.record(low: min(from, to), tail: _items.count - 1 - max(from, to))
        if from < to {
            for position in from ..< to { _items.swapAt(position, position + 1) }
        } else if from > to {
            for position in stride(from: from, to: to, by: -1) { _items.swapAt(position, position - 1) }
        }
        if fromSection != toSection {
            for later in (fromSection + 1) ..< _sectionStarts.count { _sectionStarts[later] -= 1 }
            for later in (toSection + 1) ..< _sectionStarts.count { _sectionStarts[later] += 1 }
        }
    }

    /// Exchanges the places of two items, which may be in different sections: each takes the
    /// other's position (and section). Swapping an item with itself changes nothing.
    ///
    /// - Precondition: both are in the snapshot.
    /// - Complexity: O(1) (two hashed lookups and two storage updates), whatever the distance.
    public mutating func swapItems(_ item: ItemID, _ other: ItemID) {
        _trapOnError { () throws(SnapshotError) in try checkedSwapItems(item, other) }
    }

    /// Exchanges the places of two items, throwing on an unknown identifier.
    package mutating func checkedSwapItems(_ item: ItemID, _ other: ItemID) throws(SnapshotError) {
        let a = try _requireItem(item)
        let b = try _requireItem(other)
        guard a != b else { return }
        _log.record(low: min(a, b), tail: _items.count - 1 - max(a, b))
        _items.swapAt(a, b)
        _checkInvariants()
    }
}
