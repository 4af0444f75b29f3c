// Moving an item one place up or down, across section boundaries: the J/K of a task list.

/// Which way ``Snapshot/moveItem(_:_:)`` moves an item.
public enum ItemStep: Hashable, Sendable {
    /// One place up; from the top of a section, to the end of the section above.
    case up
    /// One place down; from the bottom of a section, to the start of the section below.
    case down
}

/// Where an item goes: beside another item, or at one end of a section. What
/// ``Snapshot/placement(forStepping:_:)`` answers, so a move worked out on one snapshot (a
/// filtered view) can be made on another (the whole list) with ``Snapshot/moveItem(_:to:)``.
public enum ItemPlacement<SectionID: Hashable, ItemID: Hashable>: Hashable {
    /// Just before this item, in its section.
    case before(ItemID)
    /// Just after this item, in its section.
    case after(ItemID)
    /// First in this section.
    case startOfSection(SectionID)
    /// Last in this section.
    case endOfSection(SectionID)
}

extension ItemPlacement: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension Snapshot {
    /// Where one step moves `item`: before the item above it in its section, or, from the top
    /// of a section, to the end of the section above (an empty one too); after the item below
    /// it, or, from the bottom, to the start of the section below. Nil when the item is already
    /// first (``ItemStep/up``) or last (``ItemStep/down``) of the whole snapshot, or is not in it.
    /// - Parameters:
    ///   - item: The item to move.
    ///   - step: Which way.
    /// - Returns: Where it goes, or nil when it cannot go further.
    /// - Complexity: O(log *s*) for *s* sections, after an O(1) lookup of the item.
    public func placement(forStepping item: ItemID, _ step: ItemStep) -> ItemPlacement<SectionID, ItemID>? {
        guard let path = indexPath(ofItem: item), let global = indexOfItem(item) else { return nil }
        let range = itemRange(ofSectionAt: path.section)
        switch step {
        case .up:
            if global > range.lowerBound { return .before(self[globalIndex: global - 1]) }
            guard path.section > 0, let above = sectionIdentifier(at: path.section - 1) else { return nil }
            return .endOfSection(above)
        case .down:
            if global + 1 < range.upperBound { return .after(self[globalIndex: global + 1]) }
            guard path.section + 1 < numberOfSections, let below = sectionIdentifier(at: path.section + 1) else {
                return nil
            }
            return .startOfSection(below)
        }
    }

    /// Moves `item` one place up or down, crossing into the section above or below at a
    /// section's end: one call for what a person does with J and K. See
    /// ``placement(forStepping:_:)`` for where it goes.
    /// - Parameters:
    ///   - item: The item to move.
    ///   - step: Which way.
    /// - Returns: Whether the item moved (false at either end of the snapshot, or for an item
    ///   the snapshot does not hold).
    /// - Complexity: O(*s*) for *s* sections (the section boundaries shift by one).
    @discardableResult
    public mutating func moveItem(_ item: ItemID, _ step: ItemStep) -> Bool {
        guard let placement = placement(forStepping: item, step) else { return false }
        moveItem(item, to: placement)
        return true
    }

    /// Moves `item` to the start of `section` (before its first item; into it when empty).
    ///
    /// - Precondition: both are in the snapshot.
    /// - Complexity: O(*d* + *s*), where *d* is the distance moved.
    public mutating func moveItem(_ item: ItemID, toStartOfSection section: SectionID) {
        precondition(contains(item: item), "moveItem(_:toStartOfSection:): item \(item) is not in the snapshot")
        precondition(contains(section: section), "moveItem(_:toStartOfSection:): no section \(section)")
        let range = itemRange(ofSection: section)
        guard !range.isEmpty else {
            moveItem(item, toEndOfSection: section)
            return
        }
        let first = self[globalIndex: range.lowerBound]
        if first != item { moveItem(item, beforeItem: first) }
    }

    /// Moves `item` to `placement`; a placement beside the item itself leaves it where it is.
    ///
    /// - Precondition: the item and the placement's item or section are in the snapshot.
    /// - Parameters:
    ///   - item: The item to move.
    ///   - placement: Where it goes.
    /// - Complexity: O(*d* + *s*), where *d* is the distance moved.
    public mutating func moveItem(_ item: ItemID, to placement: ItemPlacement<SectionID, ItemID>) {
        switch placement {
        case .before(let other): if other != item { moveItem(item, beforeItem: other) }
        case .after(let other): if other != item { moveItem(item, afterItem: other) }
        case .startOfSection(let section): moveItem(item, toStartOfSection: section)
        case .endOfSection(let section): moveItem(item, toEndOfSection: section)
        }
    }
}
