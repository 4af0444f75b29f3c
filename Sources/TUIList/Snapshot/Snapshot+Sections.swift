import OrderedCollections

// Editing sections. Each trapping method has a `checked` counterpart that throws instead and
// leaves the snapshot as it was.

extension Snapshot {
    /// Appends empty sections at the end.
    ///
    /// - Precondition: none of `sections` is in the snapshot, and none repeats.
    /// - Complexity: amortised O(1) per section.
    public mutating func appendSections(_ sections: [SectionID]) {
        _trapOnError { () throws(SnapshotError) in try checkedAppendSections(sections) }
    }

    /// Appends empty sections at the end, throwing on a duplicate.
    ///
    /// - Throws: ``SnapshotError`` `.duplicateSection` naming the first duplicate.
    /// - Complexity: amortised O(1) per section.
    @inlinable
    package mutating func checkedAppendSections(_ sections: [SectionID]) throws(SnapshotError) {
        try _checkNewSections(sections)
        if !sections.isEmpty { _log.reset() }
        for section in sections {
            _sections.append(section)
            _sectionStarts.append(_items.count)
        }
        _checkInvariants()
    }

    /// Inserts empty sections before an existing one.
    ///
    /// - Precondition: `beforeSection` is in the snapshot; none of `sections` is.
    /// - Complexity: O(*s*).
    public mutating func insertSections(_ sections: [SectionID], beforeSection: SectionID) {
        _trapOnError { () throws(SnapshotError) in try checkedInsertSections(sections, beforeSection: beforeSection) }
    }

    /// Inserts empty sections before an existing one, throwing on an unknown or duplicate
    /// identifier. O(*s*).
    package mutating func checkedInsertSections(_ sections: [SectionID], beforeSection: SectionID) throws(SnapshotError) {
        let index = try _requireSection(beforeSection)
        try _insertSections(sections, at: index)
    }

    /// Inserts empty sections after an existing one.
    ///
    /// - Precondition: `afterSection` is in the snapshot; none of `sections` is.
    /// - Complexity: O(*s*).
    public mutating func insertSections(_ sections: [SectionID], afterSection: SectionID) {
        _trapOnError { () throws(SnapshotError) in try checkedInsertSections(sections, afterSection: afterSection) }
    }

    /// Inserts empty sections after an existing one, throwing on an unknown or duplicate
    /// identifier. O(*s*).
    package mutating func checkedInsertSections(_ sections: [SectionID], afterSection: SectionID) throws(SnapshotError) {
        let index = try _requireSection(afterSection)
        try _insertSections(sections, at: index + 1)
    }

    /// Deletes sections together with their items.
    ///
    /// - Precondition: every one of `sections` is in the snapshot.
    /// - Complexity: O(*n* + *s*).
    public mutating func deleteSections(_ sections: [SectionID]) {
        _trapOnError { () throws(SnapshotError) in try checkedDeleteSections(sections) }
    }

    /// Deletes sections together with their items, throwing on an unknown identifier.
    /// O(*n* + *s*).
    package mutating func checkedDeleteSections(_ sections: [SectionID]) throws(SnapshotError) {
        var doomed = Set<Int>()
        for section in sections { doomed.insert(try _requireSection(section)) }
        guard !doomed.isEmpty else { return }
        var blocks = _sectionBlocks()
        blocks.removeAll { doomed.contains(_sections.firstIndex(of: $0.section)!) }
        for section in sections {
            _reloadedSections.remove(section)
            _reconfiguredSections.remove(section)
        }
        _rebuild(from: blocks)
    }

    /// Moves a section, with its items, before another one.
    ///
    /// - Precondition: both are in the snapshot and differ.
    /// - Complexity: O(*n* + *s*).
    public mutating func moveSection(_ section: SectionID, beforeSection: SectionID) {
        _trapOnError { () throws(SnapshotError) in try checkedMoveSection(section, beforeSection: beforeSection) }
    }

    /// Moves a section before another one, throwing on an unknown identifier. O(*n* + *s*).
    package mutating func checkedMoveSection(_ section: SectionID, beforeSection: SectionID) throws(SnapshotError) {
        try _moveSection(section, relativeTo: beforeSection, after: false)
    }

    /// Moves a section, with its items, after another one.
    ///
    /// - Precondition: both are in the snapshot and differ.
    /// - Complexity: O(*n* + *s*).
    public mutating func moveSection(_ section: SectionID, afterSection: SectionID) {
        _trapOnError { () throws(SnapshotError) in try checkedMoveSection(section, afterSection: afterSection) }
    }

    /// Moves a section after another one, throwing on an unknown identifier. O(*n* + *s*).
    package mutating func checkedMoveSection(_ section: SectionID, afterSection: SectionID) throws(SnapshotError) {
        try _moveSection(section, relativeTo: afterSection, after: true)
    }

    /// Marks sections for reload: when applied, their headers are rebuilt with new cells.
    ///
    /// - Precondition: every one of `sections` is in the snapshot.
    /// - Complexity: O(1) per section.
    public mutating func reloadSections(_ sections: [SectionID]) {
        _trapOnError { () throws(SnapshotError) in try checkedReloadSections(sections) }
    }

    /// Marks sections for reload, throwing on an unknown identifier.
    package mutating func checkedReloadSections(_ sections: [SectionID]) throws(SnapshotError) {
        try _requireSections(sections)
        _reloadedSections.formUnion(sections)
    }

    /// Marks sections for reconfigure: when applied, their headers keep their cells and are
    /// configured again with current content.
    ///
    /// - Precondition: every one of `sections` is in the snapshot.
    /// - Complexity: O(1) per section.
    public mutating func reconfigureSections(_ sections: [SectionID]) {
        _trapOnError { () throws(SnapshotError) in try checkedReconfigureSections(sections) }
    }

    /// Marks sections for reconfigure, throwing on an unknown identifier.
    package mutating func checkedReconfigureSections(_ sections: [SectionID]) throws(SnapshotError) {
        try _requireSections(sections)
        _reconfiguredSections.formUnion(sections)
    }
}

// MARK: - Shared machinery

extension Snapshot {
    /// Throws for the first of `sections` the snapshot does not hold (the marks' check).
    internal func _requireSections(_ sections: [SectionID]) throws(SnapshotError) {
        for section in sections { _ = try _requireSection(section) }
    }

    /// The index of a section the snapshot must hold.
    @usableFromInline
    internal func _requireSection(_ section: SectionID) throws(SnapshotError) -> Int {
        guard let index = _sections.firstIndex(of: section) else {
            throw SnapshotError(kind: .unknownSection, identifier: _describe(section))
        }
        return index
    }

    /// Throws on the first of `sections` that the snapshot holds or that repeats in the batch.
    @usableFromInline
    internal func _checkNewSections(_ sections: [SectionID]) throws(SnapshotError) {
        var seen = Set<SectionID>(minimumCapacity: sections.count)
        for section in sections where _sections.contains(section) || !seen.insert(section).inserted {
            throw SnapshotError(kind: .duplicateSection, identifier: _describe(section))
        }
    }

    internal mutating func _insertSections(_ sections: [SectionID], at index: Int) throws(SnapshotError) {
        try _checkNewSections(sections)
        _log.reset()
        let start = index < _sectionStarts.count ? _sectionStarts[index] : _items.count
        var newSections = _sections.elements
        newSections.insert(contentsOf: sections, at: index)
        _sections = OrderedSet(uncheckedUniqueElements: newSections)
        _sectionStarts.insert(contentsOf: repeatElement(start, count: sections.count), at: index)
        _checkInvariants()
    }

    internal mutating func _moveSection(_ section: SectionID, relativeTo other: SectionID, after: Bool) throws(SnapshotError) {
        _ = try _requireSection(section)
        _ = try _requireSection(other)
        guard section != other else {
            throw SnapshotError(kind: .moveRelativeToItself, identifier: _describe(section))
        }
        var blocks = _sectionBlocks()
        let from = blocks.firstIndex { $0.section == section }!
        let block = blocks.remove(at: from)
        let anchor = blocks.firstIndex { $0.section == other }!
        blocks.insert(block, at: after ? anchor + 1 : anchor)
        _rebuild(from: blocks)
    }

    /// Each section with the slice of items it holds.
    internal func _sectionBlocks() -> [(section: SectionID, items: ArraySlice<ItemID>)] {
        _sections.indices.map { (_sections[$0], _items.elements[itemRange(ofSectionAt: $0)]) }
    }

    /// Replaces the whole storage with these blocks (whose items are known to be unique).
    /// O(*n* + *s*).
    internal mutating func _rebuild(from blocks: [(section: SectionID, items: ArraySlice<ItemID>)]) {
        var items: [ItemID] = []
        items.reserveCapacity(blocks.reduce(0) { $0 + $1.items.count })
        var starts: [Int] = []
        starts.reserveCapacity(blocks.count)
        for block in blocks {
            starts.append(items.count)
            items.append(contentsOf: block.items)
        }
        _log.reset()
        _sections = OrderedSet(uncheckedUniqueElements: blocks.map(\.section))
        _items = OrderedSet(uncheckedUniqueElements: items)
        _sectionStarts = starts
        _reloadedItems = _reloadedItems.filter { _items.contains($0) }
        _reconfiguredItems = _reconfiguredItems.filter { _items.contains($0) }
        _checkInvariants()
    }
}
