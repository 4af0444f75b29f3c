// Read-only questions a snapshot answers. None of them copies the items.

extension Snapshot {
    /// The number of items in all sections. O(1).
    public var numberOfItems: Int { _items.count }

    /// The number of sections. O(1).
    public var numberOfSections: Int { _sections.count }

    /// Whether the snapshot holds no item (it may still hold empty sections). O(1).
    public var isEmpty: Bool { _items.isEmpty }

    /// The section identifiers in order. O(1): the array shares the snapshot's storage.
    public var sectionIdentifiers: [SectionID] { _sections.elements }

    /// All item identifiers in list order, section after section. O(1): the array shares the
    /// snapshot's storage.
    public var itemIdentifiers: [ItemID] { _items.elements }

    /// The item identifiers of one section, in order.
    ///
    /// - Precondition: the snapshot holds `section`.
    /// - Complexity: O(1) to find the section, plus O(items in it) to copy them.
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        Array(_items.elements[itemRange(ofSection: section)])
    }

    /// The number of items in one section.
    ///
    /// - Precondition: the snapshot holds `section`.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: SectionID) -> Int {
        itemRange(ofSection: section).count
    }

    /// The global range of positions that the items of a section occupy in ``itemIdentifiers``.
    ///
    /// - Precondition: the snapshot holds `section`.
    /// - Complexity: O(1).
    public func itemRange(ofSection section: SectionID) -> Range<Int> {
        guard let index = _sections.firstIndex(of: section) else {
            preconditionFailure(SnapshotError(kind: .unknownSection, identifier: _describe(section)).description)
        }
        return itemRange(ofSectionAt: index)
    }

    /// The global range of positions that the items of the section at `index` occupy.
    ///
    /// - Precondition: `0 <= index < numberOfSections`.
    /// - Complexity: O(1).
    public func itemRange(ofSectionAt index: Int) -> Range<Int> {
        precondition(
            index >= 0 && index < _sections.count,
            "section index \(index) is out of range 0..<\(_sections.count)")
        let end = index + 1 < _sectionStarts.count ? _sectionStarts[index + 1] : _items.count
        return _sectionStarts[index] ..< end
    }

    /// The index of a section, or `nil` when the snapshot does not hold it. O(1).
    public func indexOfSection(_ section: SectionID) -> Int? {
        _sections.firstIndex(of: section)
    }

    /// The global position of an item in ``itemIdentifiers`` (across all sections), or `nil`
    /// when the snapshot does not hold it. O(1).
    public func indexOfItem(_ item: ItemID) -> Int? {
        _items.firstIndex(of: item)
    }

    /// Whether the snapshot holds an item. O(1).
    public func contains(item: ItemID) -> Bool { _items.contains(item) }

    /// Whether the snapshot holds a section. O(1).
    public func contains(section: SectionID) -> Bool { _sections.contains(section) }

    /// The section that holds an item, or `nil` when the snapshot does not hold it.
    ///
    /// - Complexity: O(1) to find the item, O(log *s*) to find its section.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        guard let position = _items.firstIndex(of: item) else { return nil }
        return _sections[_sectionIndex(containingPosition: position)]
    }

    /// The section and in-section index of an item, or `nil` when the snapshot does not hold it.
    ///
    /// - Complexity: O(1) to find the item, O(log *s*) to find its section.
    public func indexPath(ofItem item: ItemID) -> ListIndexPath? {
        guard let position = _items.firstIndex(of: item) else { return nil }
        let section = _sectionIndex(containingPosition: position)
        return ListIndexPath(section: section, item: position - _sectionStarts[section])
    }

    /// The global position of an index path, or `nil` when it is out of range. O(1).
    public func globalIndex(of indexPath: ListIndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < _sections.count else { return nil }
        let range = itemRange(ofSectionAt: indexPath.section)
        guard indexPath.item >= 0, indexPath.item < range.count else { return nil }
        return range.lowerBound + indexPath.item
    }

    /// The index path of a global position, or `nil` when it is out of range. O(log *s*).
    public func indexPath(atGlobalIndex index: Int) -> ListIndexPath? {
        guard index >= 0, index < _items.count else { return nil }
        let section = _sectionIndex(containingPosition: index)
        return ListIndexPath(section: section, item: index - _sectionStarts[section])
    }

    /// The item at a global position, or `nil` when it is out of range. O(1).
    public func itemIdentifier(atGlobalIndex index: Int) -> ItemID? {
        index >= 0 && index < _items.count ? _items[index] : nil
    }

    /// The item at an index path, or `nil` when it is out of range. O(1).
    public func itemIdentifier(at indexPath: ListIndexPath) -> ItemID? {
        globalIndex(of: indexPath).map { _items[$0] }
    }

    /// The item at a global position.
    ///
    /// - Precondition: `0 <= index < numberOfItems`; use ``itemIdentifier(atGlobalIndex:)``
    ///   where the index may be out of range.
    public subscript(globalIndex index: Int) -> ItemID {
        precondition(
            index >= 0 && index < _items.count,
            "item index \(index) is out of range 0..<\(_items.count)")
        return _items[index]
    }

    /// The section at an index, or `nil` when it is out of range. O(1).
    public func sectionIdentifier(at index: Int) -> SectionID? {
        index >= 0 && index < _sections.count ? _sections[index] : nil
    }

    /// Items marked with ``reloadItems(_:)`` since the snapshot was made.
    var reloadedItemIdentifiers: Set<ItemID> { _reloadedItems }
    /// Items marked with ``reconfigureItems(_:)`` since the snapshot was made.
    package var reconfiguredItemIdentifiers: Set<ItemID> { _reconfiguredItems }
    /// Sections marked with ``reloadSections(_:)`` since the snapshot was made.
    var reloadedSectionIdentifiers: Set<SectionID> { _reloadedSections }
    /// Sections marked with ``reconfigureSections(_:)`` since the snapshot was made.
    var reconfiguredSectionIdentifiers: Set<SectionID> { _reconfiguredSections }

    /// The index of the section that holds global position `position`: the last section whose
    /// start is at most `position` (empty sections share their start with the next one).
    ///
    /// - Complexity: O(log *s*).
    @usableFromInline
    internal func _sectionIndex(containingPosition position: Int) -> Int {
        _lastStart(atMost: position, in: _sectionStarts, count: _sectionStarts.count)
    }
}

extension Snapshot {
    /// The items that pass `isIncluded`, in order, each in its section: what a filter shows.
    ///
    /// ```swift
    /// let shown = items.filteringItems { filter.passes($0) ?? true }
    /// ```
    /// - Parameters:
    ///   - dropsEmptySections: Whether a section left without items goes (its header with
    ///     it); by default every section stays, so its header does not come and go as a
    ///     filter is typed.
    ///   - isIncluded: Whether an item stays.
    /// - Returns: The snapshot of the items kept.
    /// - Complexity: O(*n* + *s*), one call of `isIncluded` per item.
    public func filteringItems(dropsEmptySections: Bool = false, _ isIncluded: (ItemID) throws -> Bool) rethrows -> Snapshot {
        var sections: [(SectionID, [ItemID])] = []
        sections.reserveCapacity(numberOfSections)
        for section in sectionIdentifiers {
            let kept = try _items.elements[itemRange(ofSection: section)].filter(isIncluded)
            if dropsEmptySections && kept.isEmpty { continue }
            sections.append((section, kept))
        }
        return Snapshot(sections: sections)
    }
}
