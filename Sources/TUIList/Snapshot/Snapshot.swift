import OrderedCollections

/// An ordered list of sections, each holding an ordered list of item identifiers: the value a
/// list shows.
///
/// A snapshot says *which* rows a list has and in what order, never what they look like: an
/// item identifier names a row, and the app keeps the content it stands for. Apply a snapshot
/// to a ``ListView`` and the list animates from what it showed to what the snapshot says, by
/// diffing the two (see ``Changeset``).
///
/// The editing surface follows Apple's `NSDiffableDataSourceSnapshot`:
///
/// ```swift
/// var snapshot = Snapshot<String, Int>()
/// snapshot.appendSections(["Fruit", "Vegetables"])
/// snapshot.appendItems([1, 2, 3], toSection: "Fruit")
/// snapshot.appendItems([4, 5])                    // to the last section
/// snapshot.moveItem(3, beforeItem: 1)
/// snapshot.reconfigureItems([2])                  // same row, new content
/// snapshot.itemIdentifiers                        // [3, 1, 2, 4, 5]
/// ```
///
/// Identifiers are unique across the whole snapshot: a section identifier appears once, an
/// item identifier appears once in all sections together.
///
/// - Misuse by a program (appending an identifier twice, naming an identifier the snapshot
///   does not hold) traps with a message naming the identifier, as an out-of-range array index
///   does. Where the identifiers come from data a user supplies, build the snapshot with
///   ``init(validating:)``, which throws a ``SnapshotError`` naming the identifier and the
///   section, and ask ``contains(item:)`` or ``contains(section:)`` before an edit.
/// - Lookups by identifier are O(1) (hashed); appending is amortised O(1) per item. Each
///   operation documents its complexity, where *n* is the number of items and *s* the number
///   of sections.
/// - Two snapshots are equal when they hold the same sections and items in the same order;
///   reload and reconfigure marks are not part of equality.
public struct Snapshot<SectionID: Hashable, ItemID: Hashable> {
    /// Section identifiers in order.
    @usableFromInline internal var _sections: OrderedSet<SectionID>

    /// All item identifiers in list order, section after section.
    @usableFromInline internal var _items: OrderedSet<ItemID>

    /// `_sectionStarts[i]` is the index in `_items` of the first item of section `i`; section
    /// `i` ends where section `i + 1` starts, the last one at `_items.count`.
    @usableFromInline internal var _sectionStarts: [Int]

    /// Items and sections marked for reload (new cell) or reconfigure (same cell, new content).
    @usableFromInline internal var _reloadedItems: Set<ItemID> = []
    @usableFromInline internal var _reconfiguredItems: Set<ItemID> = []
    @usableFromInline internal var _reloadedSections: Set<SectionID> = []
    @usableFromInline internal var _reconfiguredSections: Set<SectionID> = []

    /// How this snapshot was edited since it was built (see `_EditLog`): lets a diff against
    /// an earlier state of the same snapshot look only at what the edits touched.
    @usableFromInline internal var _log = _EditLog()

    /// Creates an empty snapshot: no sections, no items.
    @inlinable
    public init() {
        _sections = []
        _items = []
        _sectionStarts = []
    }

    /// Creates a snapshot from sections and their items, trapping on a duplicate identifier.
    ///
    /// - Parameter sections: each section identifier with its items, in order.
    /// - Complexity: O(*n* + *s*).
    @inlinable
    public init(sections: [(SectionID, [ItemID])]) {
        do { try self.init(validating: sections) } catch { preconditionFailure(error.description) }
    }

    /// Creates a snapshot from sections and their items that may come from a user.
    ///
    /// - Parameter sections: each section identifier with its items, in order.
    /// - Throws: ``SnapshotError`` for the first duplicate section or item identifier, naming
    ///   it and the section(s) it appears in.
    /// - Complexity: O(*n* + *s*).
    @inlinable
    public init(validating sections: [(SectionID, [ItemID])]) throws(SnapshotError) {
        self.init()
        // In one pass: the sections' set, their starts and every item; only when an
        // identifier repeats is the snapshot built again section by section, for the error
        // that names it. (Section by section, each append checked and logged, took 100 µs a
        // section: a picker grouping 200,000 lines into as many groups waited 19 s.)
        let sectionIDs = OrderedSet(sections.lazy.map(\.0))
        var items = OrderedSet<ItemID>()
        items.reserveCapacity(sections.reduce(0) { $0 + $1.1.count })
        var starts: [Int] = []
        starts.reserveCapacity(sections.count)
        var unique = sectionIDs.count == sections.count
        if unique {
            each: for (_, sectionItems) in sections {
                starts.append(items.count)
                for item in sectionItems where !items.append(item).inserted {
                    unique = false
                    break each
                }
            }
        }
        guard unique else {
            for (section, items) in sections {
                try checkedAppendSections([section])
                try checkedAppendItems(items, toSection: section)
            }
            preconditionFailure("a repeated identifier that appending did not find")
        }
        (_sections, _items, _sectionStarts) = (sectionIDs, items, starts)
        _checkInvariants()
    }
}

extension Snapshot where ItemID == Int {
    /// Creates a snapshot of one section holding the items of `range` in order: rows
    /// numbered 0, 1, 2… (a picker's lines). The numbers are known to be distinct, so no item
    /// is checked against the others: about twice as fast as appending them.
    ///
    /// - Parameters:
    ///   - section: The section's identifier.
    ///   - range: The item identifiers.
    /// - Complexity: O(*n*).
    @inlinable
    public init(section: SectionID, itemsIn range: Range<Int>) {
        _sections = [section]
        _items = OrderedSet(uncheckedUniqueElements: range)
        _sectionStarts = [0]
        _checkInvariants()
    }
}

extension Snapshot: Equatable {
    /// Same sections, same items, same order. Reload and reconfigure marks are ignored.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._sections == rhs._sections && lhs._sectionStarts == rhs._sectionStarts
            && lhs._items == rhs._items
    }
}

extension Snapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension Snapshot: CustomStringConvertible {
    /// Sections with their items, e.g. `Snapshot(A: [1, 2], B: [])`; long lists are elided.
    public var description: String {
        var parts: [String] = []
        for (index, section) in _sections.enumerated() {
            let range = itemRange(ofSectionAt: index)
            var items = _items.elements[range.prefix(8)].map { "\($0)" }
            if range.count > 8 { items.append("… \(range.count - 8) more") }
            parts.append("\(section): [\(items.joined(separator: ", "))]")
        }
        return "Snapshot(\(parts.joined(separator: ", ")))"
    }
}

// MARK: - Invariants

extension Snapshot {
    /// Checks the storage after a mutation. Compiled in only with `TUILIST_INVARIANTS` (debug
    /// builds), so release speed is untouched.
    ///
    /// - Complexity: O(*s*), plus O(marks).
    @inlinable @inline(__always)
    internal func _checkInvariants() {
        #if TUILIST_INVARIANTS
        precondition(_sectionStarts.count == _sections.count, "Snapshot: one start per section")
        precondition(!_items.isEmpty ? !_sections.isEmpty : true, "Snapshot: items without a section")
        var previous = 0
        for start in _sectionStarts {
            precondition(start >= previous && start <= _items.count, "Snapshot: section starts out of order")
            previous = start
        }
        if let first = _sectionStarts.first { precondition(first == 0, "Snapshot: first section must start at 0") }
        for id in _reloadedItems { precondition(_items.contains(id), "Snapshot: reload mark on a deleted item") }
        for id in _reconfiguredItems { precondition(_items.contains(id), "Snapshot: reconfigure mark on a deleted item") }
        for id in _reloadedSections { precondition(_sections.contains(id), "Snapshot: reload mark on a deleted section") }
        for id in _reconfiguredSections {
            precondition(_sections.contains(id), "Snapshot: reconfigure mark on a deleted section")
        }
        #endif
    }
}
